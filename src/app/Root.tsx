import { StrictMode } from "react";
import { Router } from "wouter";
import { App, type InitialQueryData } from "./App.tsx";

/**
 * The whole tree, the same in the browser and in the build's prerender
 * (./prerender.tsx): hydration needs both to render the same components.
 * `ssrPath` is the page the build renders; the browser reads its location.
 * `initialData`: the query data the build rendered the page with.
 */
export function Root({ ssrPath, initialData }: { readonly ssrPath?: string; readonly initialData?: InitialQueryData }) {
  return (
    <StrictMode>
      <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
        <App {...(initialData === undefined ? {} : { initialData })} />
      </Router>
    </StrictMode>
  );
}
