// The long tail of marketplace listings for `npm run bench:marketplace`
// (issue 17): thousands of distinct requests a crowd of buyers would send,
// generated deterministically from the seeded listings' own words so the
// figures repeat from run to run. No two are the same request, so nothing
// answers them from a result cache.
import { FILTER_KEYS, type FilterKey } from "../../contracts/marketplace.ts";
import { seededRandom } from "../../server/seed/demo.ts";

export interface QuerySources {
  /** Words of the listed text (the `search_terms` vocabulary). */
  readonly words: ReadonlyArray<string>;
  /** Short descriptions of listed companies, for phrases people would type. */
  readonly descriptions: ReadonlyArray<string>;
  /** The catalogue ids each filter takes. */
  readonly filterValues: Readonly<Record<FilterKey, ReadonlyArray<number>>>;
}

const ACCENTED: Readonly<Record<string, string>> = { a: "á", e: "é", i: "í", o: "ó", u: "ú", n: "ñ" };

/**
 * At least `count` distinct listing paths (`/api/companies?…`), in a fixed
 * order: single words as typed (capitals, accents), typos (a substitution,
 * insertion, deletion or transposition), phrases from real descriptions,
 * prefixes typed so far, every combination of filters (each with random
 * values, some with a search), and deep pages of all of them.
 */
export function generatedQueries(sources: QuerySources, count: number, seed = 17): ReadonlyArray<string> {
  const next = seededRandom(seed);
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)] as T;
  const words = sources.words.filter((word) => word.length >= 4);
  const letters = "abcdefghijklmnopqrstuvwxyz";

  const asTyped = (word: string): string => {
    const roll = next();
    if (roll < 0.2) return word.toUpperCase();
    if (roll < 0.45) return word.charAt(0).toUpperCase() + word.slice(1);
    if (roll < 0.65) {
      // An accent on one vowel, as people do (right or wrong): the search ignores it.
      const at = [...word].findIndex((letter, index) => index > 0 && letter in ACCENTED);
      return at < 0 ? word : word.slice(0, at) + (ACCENTED[word.charAt(at)] ?? "") + word.slice(at + 1);
    }
    return word;
  };
  const typo = (word: string): string => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    switch (Math.floor(next() * 4)) {
      case 0:
        return word.slice(0, at) + pick([...letters]) + word.slice(at + 1);
      case 1:
        return word.slice(0, at) + pick([...letters]) + word.slice(at);
      case 2:
        return word.slice(0, at) + word.slice(at + 1);
      default:
        return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
    }
  };
  const phrase = (): string => {
    const text = pick(sources.descriptions).split(/\s+/).filter((word) => word.length > 0);
    const length = 2 + Math.floor(next() * 2);
    const from = Math.floor(next() * Math.max(1, text.length - length));
    return text.slice(from, from + length).join(" ").replace(/[.,;:]+$/, "");
  };
  const filters = (keys: ReadonlyArray<FilterKey>): string =>
    keys.map((key) => `${key}=${pick(sources.filterValues[key])}`).join("&");
  const searchOf = (text: string): string => `q=${encodeURIComponent(text)}`;

  // Every non-empty combination of the seven filters (127).
  const combinations: FilterKey[][] = [];
  for (let mask = 1; mask < 1 << FILTER_KEYS.length; mask += 1) combinations.push(FILTER_KEYS.filter((_, bit) => (mask & (1 << bit)) !== 0));

  const kinds: ReadonlyArray<() => string> = [
    () => searchOf(asTyped(pick(words))),
    () => searchOf(typo(pick(words))),
    () => searchOf(phrase()),
    () => searchOf(pick(words).slice(0, 3 + Math.floor(next() * 3))),
    () => filters(pick(combinations)),
    () => `${filters(pick(combinations))}&${searchOf(asTyped(pick(words)))}`,
    // Deep pages (12 a page reach the 1,001st match at page 84), and bigger pages.
    () => `${searchOf(asTyped(pick(words)))}&page=${2 + Math.floor(next() * 83)}`,
    () => `${filters(pick(combinations).slice(0, 1))}&page=${2 + Math.floor(next() * 40)}&per_page=${pick([12, 24, 48])}`,
  ];
  const paths = new Set<string>();
  for (let attempt = 0; paths.size < count && attempt < count * 20; attempt += 1) {
    paths.add(`/api/companies?${pick(kinds)()}`);
  }
  return [...paths];
}
