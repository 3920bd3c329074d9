import { createRoot, hydrateRoot } from "react-dom/client";
import "../styles/global.css.ts";
import { startTransition } from "react";
import type { QueryKey } from "@tanstack/react-query";
import type { InitialQueryData } from "./App.tsx";
import { SESSION_STORAGE_KEY, storedToken, whenSessionReady } from "../lib/session.tsx";
import { QUERY_DATA_ID } from "../../contracts/page-head.ts";
import { Root } from "./Root.tsx";
import { notFoundRoute, routes, type AppRoute } from "./routes.tsx";

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

/**
 * Whether a signed-in session (a token) is stored. The prerendered page is
 * the signed-out one: a signed-in user's page differs (navbar, guards), so it
 * is rendered here as before rather than hydrated from HTML it does not match.
 */
function hasStoredSignIn(): boolean {
  try {
    return storedToken(window.localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * Whether a route the server renders on request (decision 043) is the one at
 * `pathname`, matched as the router does (`:param` one segment, any case,
 * an optional trailing slash).
 */
const rendersOnRequestAt = (pathname: string) => (route: AppRoute) => {
  if (route.rendersOnRequest !== true) return false;
  const source = route.path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`, "i").test(pathname);
};

if (root.hasAttribute(PRERENDERED_ATTRIBUTE) && !hasStoredSignIn()) {
  // The server answers a prerendered page only for its exact path, or the
  // not-found page. Its chunk is loaded first (the HTML already preloads it),
  // so hydration runs in one pass instead of leaving the page's Suspense
  // boundary dehydrated for a second one. A session still restoring is
  // waited for too, so the page never waits for it mid-hydration.
  const route = routes.find((candidate) => candidate.path === window.location.pathname) ?? routes.find(rendersOnRequestAt(window.location.pathname)) ?? notFoundRoute;
  void Promise.all([route.page.preload(), whenSessionReady()])
    .catch(() => undefined)
    // In a transition, hydration is time-sliced (yields to the browser every
    // few milliseconds) instead of one long task: the page is already on
    // screen, and a long task would only block input (Total Blocking Time).
    .then(() => startTransition(() => void hydrateRoot(root, <Root initialData={initialData()} />)));
} else {
  // Signed-in and data pages: rendered here, over index.html's boot navbar (or a prerendered page, for a returning user).
  createRoot(root).render(<Root />);
}
