import { useEffect } from "react";

export const SITE_NAME = "Puente";

/** Sets `document.title` to "{title} | Puente" (or just the site name). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
