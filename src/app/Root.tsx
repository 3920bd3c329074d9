import { StrictMode } from "react";
import { Router } from "wouter";
import { App } from "./App.tsx";

/**
 * The whole tree, the same in the browser and in the build's prerender
 * (./prerender.tsx): hydration needs both to render the same components.
 * `ssrPath` is the page the build renders; the browser reads its location.
 */
export function Root({ ssrPath }: { readonly ssrPath?: string }) {
  return (
    <StrictMode>
      <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
        <App />
      </Router>
    </StrictMode>
  );
}
