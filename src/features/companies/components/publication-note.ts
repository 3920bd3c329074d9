import { PUBLISHED_COMPANY_STATUS_ID } from "../../../../contracts/companies.ts";

/**
 * Where the company stands on the marketplace and what saving the chosen
 * status will do ('Publicada' publishes, any other status unpublishes).
 */
export function publicationNote(isPublished: boolean | null, chosenStatusId: number | null): string {
  const willPublish = chosenStatusId === PUBLISHED_COMPANY_STATUS_ID;
  if (isPublished === null) return willPublish ? "Al crearla se publicará en el marketplace." : "Se creará sin publicar: no aparecerá en el marketplace.";
  const now = isPublished ? "Publicada: aparece en el marketplace." : "No publicada: no aparece en el marketplace.";
  if (isPublished === willPublish) return now;
  return `${now} ${willPublish ? "Al guardar se publicará." : "Al guardar dejará de aparecer."}`;
}
