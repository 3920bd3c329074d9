/** The saved searches' query keys: the signed-in buyer's list. */
export const savedSearchKeys = {
  all: ["saved-searches"] as const,
  list: () => [...savedSearchKeys.all, "list"] as const,
};
