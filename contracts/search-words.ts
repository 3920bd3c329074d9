/**
 * The plain words of a search, as the marketplace, Puente Bot and saved
 * searches read them (decisions 007, 020, 035). Pure, shared by the server
 * (server/db/text-search.ts resolves them against a vocabulary) and the app
 * (whether the marketplace's search is one the buyer saved).
 */

/** At most this many words of a search are used (the marketplace's limit). */
export const MAX_SEARCH_WORDS = 8;
/** Runs of anything but a-z and digits (one character class: linear). */
export const WORD_SEPARATOR = /[^a-z0-9]+/;

/**
 * The plain words of a text, in order, duplicates kept: accents removed (as
 * PostgreSQL's unaccent does: "TECNOLOGÍA" → "tecnologia", "ñ" → "n"), lower
 * case, letters and digits only ("KYC/KYB" → "kyc", "kyb").
 */
export function plainWords(text: string): ReadonlyArray<string> {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
  return plain.split(WORD_SEPARATOR).filter((word) => word.length > 0);
}

/** The words of a search as the index holds them (plainWords), duplicates dropped, at most `maxWords`. */
export function searchWords(text: string, maxWords: number = MAX_SEARCH_WORDS): ReadonlyArray<string> {
  return [...new Set(plainWords(text))].slice(0, maxWords);
}
