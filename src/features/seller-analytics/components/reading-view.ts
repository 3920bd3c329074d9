/**
 * What the "Lectura de documentos" section shows, from the analytics'
 * readings (decision 051): reading times in words, pages seen out of the
 * document's, and one bar per page with the sentence a screen reader says
 * for it. Pure: unit tested in node (tests/unit/seller-analytics/reading-view.test.ts).
 */
import type { BuyerReading, DocumentReading } from "../../../../contracts/seller-analytics.ts";

/** Seconds as a person says them: "45 s", "1 min 20 s", "2 min", "1 h 5 min" (an hour's seconds are left out). */
export function formatReadingTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  if (minutes > 0) return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** "3 de 12"; without a page count, just the pages seen. */
export const pagesSeenText = (seen: number, pageCount: number | null): string => (pageCount === null ? String(seen) : `${seen} de ${pageCount}`);

/** "1 comprador", "2 compradores", "ningún comprador". */
export const buyersText = (count: number): string => (count === 0 ? "ningún comprador" : count === 1 ? "1 comprador" : `${count} compradores`);

export interface PageBar {
  readonly page: number;
  readonly seconds: number;
  /** Whether anyone (or the buyer) had the page on screen, even for 0 s. */
  readonly seen: boolean;
  /** The bar's height, 0–100 % of the document's longest page (0 when nothing was read). */
  readonly percent: number;
  /** What a screen reader says for the bar: "Página 3: 1 min 20 s, 2 compradores". */
  readonly label: string;
}

const percentOf = (seconds: number, longest: number): number => (longest === 0 ? 0 : Math.round((seconds / longest) * 1000) / 10);

/** Every page of the document, its buyers' seconds and readers. */
export function documentBars(document: Pick<DocumentReading, "pages">): ReadonlyArray<PageBar> {
  const longest = Math.max(0, ...document.pages.map((page) => page.seconds));
  return document.pages.map(({ page, seconds, readers }) => ({
    page,
    seconds,
    seen: readers > 0,
    percent: percentOf(seconds, longest),
    label: `Página ${page}: ${formatReadingTime(seconds)}, ${buyersText(readers)}`,
  }));
}

/** Every page of the document for one buyer: the pages they saw with their seconds, the others "sin ver". */
export function buyerBars(document: Pick<DocumentReading, "pages" | "page_count">, buyer: Pick<BuyerReading, "pages">): ReadonlyArray<PageBar> {
  const seen = new Map(buyer.pages.map(({ page, seconds }) => [page, seconds]));
  const lastPage = Math.max(document.page_count ?? 0, document.pages.length, ...seen.keys());
  const longest = Math.max(0, ...seen.values());
  return Array.from({ length: lastPage }, (_, index) => {
    const page = index + 1;
    const seconds = seen.get(page);
    return {
      page,
      seconds: seconds ?? 0,
      seen: seconds !== undefined,
      percent: percentOf(seconds ?? 0, longest),
      label: seconds === undefined ? `Página ${page}: sin ver` : `Página ${page}: ${formatReadingTime(seconds)}`,
    };
  });
}

/** Whose reading the chart shows: everyone's, or the chosen buyer's. */
export const chartAudience = (buyerName: string | null): string => buyerName ?? "todos los compradores";
