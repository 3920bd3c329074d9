/** The signed-in user's e-mail verification status (left behind when the session ends: src/app/App.tsx). */
export const emailVerificationKeys = {
  all: ["email-verification"] as const,
};
