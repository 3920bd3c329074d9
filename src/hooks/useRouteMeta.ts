import { useEffect } from "react";
import type { PageHead } from "../../contracts/page-head.ts";
import { SITE_NAME } from "./useDocumentTitle.ts";

/** Spec section 9: generic marketing text when a page has no description of its own. */
export const DEFAULT_DESCRIPTION =
  "Puente conecta a dueños de empresas en México con compradores e inversionistas verificados. Vende tu empresa, levanta capital o encuentra tu próxima inversión.";

export interface RouteMeta {
  /** Before " | Puente". */
  readonly title: string;
  readonly description?: string;
  /** Public marketing pages are indexed; the rest get `noindex`. */
  readonly isPublic?: boolean;
  /** The page's one URL (a path, query string included); the current path when absent. */
  readonly canonicalPath?: string;
}

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (element === null) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (element === null) {
    element = document.createElement("link");
    element.rel = "canonical";
    document.head.append(element);
  }
  element.href = href;
}

/**
 * Title, meta description, robots, canonical URL and Open Graph tags of the
 * current route, set on every navigation (the server also writes them into
 * the HTML it answers, for crawlers that do not run JavaScript).
 */
export function useRouteMeta(meta: RouteMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description ?? DEFAULT_DESCRIPTION;
  const isPublic = meta?.isPublic === true;
  const canonicalPath = meta?.canonicalPath;
  useEffect(() => {
    if (title === undefined) return;
    const fullTitle = `${title} | ${SITE_NAME}`;
    const url = `${window.location.origin}${canonicalPath ?? window.location.pathname}`;
    document.title = fullTitle;
    setMeta("name", "description", description);
    setMeta("name", "robots", isPublic ? "index, follow" : "noindex, nofollow");
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", description);
    setMeta("property", "og:url", url);
    setMeta("name", "twitter:title", fullTitle);
    setMeta("name", "twitter:description", description);
    setCanonical(url);
  }, [title, description, isPublic, canonicalPath]);
}

/** useRouteMeta for a page that says its own head from its data (the same head the server wrote; decision 043). */
export function usePageHead(head: PageHead): void {
  useRouteMeta({
    title: head.title,
    description: head.description,
    isPublic: head.indexed,
    ...(head.canonicalPath === null ? {} : { canonicalPath: head.canonicalPath }),
  });
}
