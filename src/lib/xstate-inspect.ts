/**
 * The Stately inspector, in development only and on request
 * (`VITE_XSTATE_INSPECT=true npx vite`, or `?inspect` in the page's address):
 * it opens stately.ai/inspect in a new window. One inspector for the whole
 * app, so every actor (the session, the subscription, the onboarding, KYB)
 * shows in the same window. The production build drops this branch and the
 * package.
 */
const inspector =
  import.meta.env.DEV && (import.meta.env.VITE_XSTATE_INSPECT === "true" || (typeof window !== "undefined" && new URLSearchParams(window.location.search).has("inspect")))
    ? (await import("@statelyai/inspect")).createBrowserInspector()
    : undefined;

/** Spread into `createActor(machine, { ...inspectOption })`: empty unless the inspector is on. */
export const inspectOption: { readonly inspect?: NonNullable<typeof inspector>["inspect"] } =
  inspector === undefined ? {} : { inspect: inspector.inspect };
