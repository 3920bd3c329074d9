import { StrictMode, useEffect } from "react";
import { Router } from "wouter";
import { App, type InitialQueryData } from "./App.tsx";

/**
 * The whole tree, the same in the browser and in the build's prerender
 * (./prerender.tsx): hydration needs both to render the same components.
 * `ssrPath` (and `ssrSearch`, its query string) is the page the build or the
 * server renders; the browser reads its location.
 * `initialData`: the query data the build rendered the page with.
 */
/** Set on <html> once the app runs (hydrated, or rendered): a prerendered page answers clicks from then on. */
export const APP_READY_ATTRIBUTE = "data-app-ready";

export function Root({ ssrPath, ssrSearch, initialData }: { readonly ssrPath?: string; readonly ssrSearch?: string; readonly initialData?: InitialQueryData }) {
  // After the whole tree committed (the page's chunk is loaded before hydrating, so that is the page too).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ""), []);
  return (
    <StrictMode>
      <Router {...(ssrPath === undefined ? {} : { ssrPath })} {...(ssrSearch === undefined ? {} : { ssrSearch })}>
        <App {...(initialData === undefined ? {} : { initialData })} />
      </Router>
    </StrictMode>
  );
}
