import { createRoot, hydrateRoot } from "react-dom/client";
import "../styles/global.css.ts";
import type { QueryKey } from "@tanstack/react-query";
import type { InitialQueryData } from "./App.tsx";
import { QUERY_DATA_ID } from "./prerender-ids.ts";
import { Root } from "./Root.tsx";
import { notFoundRoute, routes } from "./routes.tsx";

const root = document.getElementById("root");
if (root === null) throw new Error("Missing #root element in index.html");

// The build marks the public pages it prerendered (scripts/build/prerender.ts).
const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** The query data the page was prerendered with (scripts/build/prerender-html.ts writes it). */
function initialData(): InitialQueryData {
  const text = document.getElementById(QUERY_DATA_ID)?.textContent;
  if (text === undefined || text === null) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((pair): pair is [QueryKey, unknown] => Array.isArray(pair) && Array.isArray(pair[0])) : [];
}

if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  // The server answers a prerendered page only for its exact path, or the
  // not-found page. Its chunk is loaded first (the HTML already preloads it),
  // so hydration runs in one pass instead of leaving the page's Suspense
  // boundary dehydrated for a second one.
  const route = routes.find((candidate) => candidate.path === window.location.pathname) ?? notFoundRoute;
  void route.page
    .preload()
    .catch(() => undefined)
    .then(() => hydrateRoot(root, <Root initialData={initialData()} />));
} else {
  // Signed-in and data pages: rendered here, over index.html's boot navbar.
  createRoot(root).render(<Root />);
}
