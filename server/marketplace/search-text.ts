/**
 * A `to_tsquery('spanish', …)` text for the marketplace: every word
 * required, each as a prefix ("tecnologia:* & monterrey:*"). Words come
 * from searchWords/resolveSearchWords (server/db/text-search.ts, shared
 * with Puente Bot), so they are [a-z0-9]+ and nothing in them can change
 * the query's syntax.
 */
export function tsQueryText(words: ReadonlyArray<string>): string {
  return words.map((word) => `${word}:*`).join(" & ");
}
