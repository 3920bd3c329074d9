/** The public site's query and mutation keys (no run-time imports). */
export const communityStatsKeys = {
  all: ["community-stats"] as const,
};

export const leadKeys = {
  all: ["leads"] as const,
};
