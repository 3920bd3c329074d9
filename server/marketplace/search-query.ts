import { plainWords, searchWords } from "../../contracts/search-words.ts";
import { ABBREVIATIONS, SYNONYM_GROUPS } from "./search-synonyms.ts";
import { SPANISH_STOP_WORDS } from "./spanish-stop-words.ts";

/**
 * A marketplace search as the index answers it (docs/decisions/024, 037):
 * the plain words a buyer typed (searchWords), read as
 * - a reference code ("PUE-0054", "pue0054", "PUE-54", "pue 54": the company
 *   with that id, humanIdFor in server/companies/create-company.ts), which
 *   puts that company first;
 * - abbreviations (search-synonyms.ts): "cdmx" is the state Ciudad de México,
 *   "gdl" the word "guadalajara", "rh" the words "recursos" and "humanos";
 * - word groups: every group must match (AND, as before); a group matches
 *   through any of its words (OR): the word typed and its synonyms.
 * Spanish stop words are dropped (PostgreSQL's list, as the documents).
 */

export interface SearchGroup {
  /** What the buyer typed, for explain(). */
  readonly typed: string;
  /** Words matched and ranked as they are in the document: the word typed, or an abbreviation's words (and itself). */
  readonly words: ReadonlyArray<string>;
  /**
   * Synonyms of the word typed: they make a company match, ranked at the
   * lowest level (D), so the word the buyer typed ranks first ("fletes"
   * finds the fletes before every transport company named by its industry).
   */
  readonly synonyms: ReadonlyArray<string>;
  /** An abbreviation of a state: that state's companies match, ranked as the state's name in the document (B). */
  readonly stateIds: ReadonlyArray<number>;
}

export interface ParsedSearch {
  /** The company id of a reference code, if the search has one. */
  readonly reference: number | null;
  readonly groups: ReadonlyArray<SearchGroup>;
  /** Stop words typed and dropped (explain() shows them). */
  readonly dropped: ReadonlyArray<string>;
}

/** The longest abbreviation key, in words ("estado de mexico"). */
const LONGEST_ABBREVIATION = Math.max(...Object.keys(ABBREVIATIONS).map((key) => key.split(" ").length));

const groupOfWord = new Map<string, ReadonlyArray<string>>(SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group] as const)));

/** The synonyms of a word (its group but itself); a plural finds its singular's group ("fletes" → "flete"). */
export function synonymsOf(word: string): ReadonlyArray<string> {
  for (const form of [word, word.replace(/s$/, ""), word.replace(/es$/, "")]) {
    const group = groupOfWord.get(form);
    if (group !== undefined) return group.filter((other) => other !== form && other !== word);
  }
  return [];
}

/** The id a reference code names: "pue0054" alone, or "pue" then the digits ("PUE-0054" is read as "pue", "0054"). */
const REFERENCE_ONE_WORD = /^pue([0-9]{1,9})$/;
const REFERENCE_DIGITS = /^[0-9]{1,9}$/;

export function parseSearch(text: string): ParsedSearch {
  const words = searchWords(text);
  let reference: number | null = null;
  const groups: SearchGroup[] = [];
  const dropped: string[] = [];
  for (let at = 0; at < words.length; ) {
    const word = words[at] ?? "";
    const next = words[at + 1];
    // Reference codes ("pue" alone is also the start of "puebla": a code only with its digits).
    const oneWord = REFERENCE_ONE_WORD.exec(word);
    if (reference === null && oneWord !== null) {
      reference = Number(oneWord[1]);
      at += 1;
      continue;
    }
    if (reference === null && word === "pue" && next !== undefined && REFERENCE_DIGITS.test(next)) {
      reference = Number(next);
      at += 2;
      continue;
    }
    // Abbreviations, longest first ("edo de mex" before "edo").
    let length = Math.min(LONGEST_ABBREVIATION, words.length - at);
    for (; length > 0; length -= 1) {
      const key = words.slice(at, at + length).join(" ");
      const meaning = ABBREVIATIONS[key];
      if (meaning === undefined) continue;
      if ("stateId" in meaning) {
        groups.push({ typed: key, words: length === 1 ? [key] : [], synonyms: [], stateIds: [meaning.stateId] });
      } else {
        // Each word of the expansion required, the abbreviation standing for any of them:
        // (rh OR recursos) AND (rh OR humanos) is "rh" OR "recursos humanos".
        for (const expanded of plainWords(meaning.words).filter((part) => !SPANISH_STOP_WORDS.has(part))) {
          groups.push({ typed: key, words: [key, expanded], synonyms: [], stateIds: [] });
        }
      }
      break;
    }
    if (length > 0) {
      at += length;
      continue;
    }
    if (SPANISH_STOP_WORDS.has(word)) dropped.push(word);
    else groups.push({ typed: word, words: [word], synonyms: synonymsOf(word), stateIds: [] });
    at += 1;
  }
  return { reference, groups, dropped };
}
