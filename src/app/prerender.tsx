import { prerender } from "react-dom/static";
import "../styles/global.css.ts";
import type { InitialQueryData } from "./App.tsx";
import { Root } from "./Root.tsx";

/**
 * The build's server entry (scripts/build/prerender.ts bundles it with
 * `vite build --ssr` and calls it once per public route): the page's HTML
 * inside #root, rendered signed out and without data (nothing is fetched at
 * build time; queries render their loading state, unless the build passes
 * their data in `initialData`, which the page then carries for hydration).
 * `prerender` waits for the
 * lazy page chunk, so the HTML holds the page, never the spinner.
 */
export async function renderPage(path: string, initialData: InitialQueryData = []): Promise<string> {
  // A page that fails to render fails the build, rather than shipping its error boundary's HTML.
  const errors: unknown[] = [];
  const { prelude } = await prerender(<Root ssrPath={path} initialData={initialData} />, {
    onError: (error) => void errors.push(error),
    // Never outline a large Suspense boundary (the page) behind an inline
    // script: the HTML must show the page without JavaScript.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`Prerender of ${path} failed`, { cause: errors[0] });
  return html;
}
