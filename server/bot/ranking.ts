/**
 * How Puente Bot orders the passages that hold a question's words
 * (docs/decisions/035-decisions-saved-searches-bot.md, revising the ranking
 * of 020). Pure: the database says where each passage holds each word
 * (answer.ts); this decides. Unit tested in tests/unit/bot/ranking.test.ts,
 * judged against real questions in tests/server/bot-answers.test.ts.
 *
 * Each word of the question weighs by how rare it is among the passages
 * (BM25's inverse document frequency: "empresa", in almost every passage,
 * says little; "kyb" or "extranjero" say a lot), times where the passage
 * holds it: in what the passage is about (its title or the questions it
 * answers), in its page's name, or only in its text (a little more when
 * both its title and its page's name hold it); a synonym counts a little
 * less than the word asked, a framing word ("funciona") much less.
 * The sum is scaled by the share of the question's words the passage holds
 * (Lucene's classic coordination), so one rare word does not outweigh
 * several. On a tie, the passage whose title the words cover most ("¿Cómo
 * vendo mi empresa?" before "¿Puedo vender solo una parte de mi
 * empresa?"), then the content's order (binding texts first).
 */

/** Where a passage holds a word as asked, as bits (one word can be in several places). */
export const IN_TITLE = 4;
export const IN_TEXT = 2;
export const IN_PAGE = 1;
/** The same places for a synonym of the word (question-words.ts): the asked word's bits, shifted. */
export const SYNONYM_SHIFT = 3;

/** How much a word counts by where it is: its title says what a passage is about; its page's name, where it belongs. */
export const FIELD_WEIGHTS = { title: 1, page: 0.6, text: 0.4 } as const;
/** A synonym counts a little less than the word asked ("¿cuánto vale?" is closest to the passage that says "vale"). */
export const SYNONYM_WEIGHT = 0.8;
/** A framing word ("¿cómo funciona…?") only breaks near ties: "Cómo funciona" as a heading, about what was asked. */
export const FRAMING_WEIGHT = 0.2;

export interface Candidate {
  readonly key: string;
  readonly title: string;
  readonly body: string;
  readonly href: string;
  /** The content's order (passages.ts), the last tie-break. */
  readonly position: number;
  /** How many words its title and questions hold (for the share the question covers). */
  readonly titleLength: number;
  /**
   * Per question word, in order: where the passage holds it (IN_TITLE |
   * IN_TEXT | IN_PAGE bits) and where a synonym of it (the same bits
   * shifted by SYNONYM_SHIFT); 0: nowhere.
   */
  readonly fields: ReadonlyArray<number>;
}

/** What the ranking needs of a question's word. */
export interface RankedWord {
  /** A framing word: weighs FRAMING_WEIGHT, and is not one of the words a passage must hold to answer. */
  readonly framing: boolean;
}

export interface RankedPassage {
  readonly key: string;
  readonly title: string;
  readonly body: string;
  readonly href: string;
  /** How many of the question's words the passage holds (anywhere), framing words aside. */
  readonly matched: number;
  /** How many of them are in what it is about: its title or the questions it answers. */
  readonly titleMatched: number;
  /** The first criterion. */
  readonly score: number;
}

/** BM25's inverse document frequency: a word in few of `total` passages weighs more; never negative. */
export const inverseFrequency = (holding: number, total: number): number => Math.log(1 + (total - holding + 0.5) / (holding + 0.5));

const ASKED = IN_TITLE | IN_TEXT | IN_PAGE;

const placeWeight = (places: number): number => {
  if ((places & IN_TITLE) !== 0) return FIELD_WEIGHTS.title;
  if ((places & IN_PAGE) !== 0) return FIELD_WEIGHTS.page;
  if ((places & IN_TEXT) !== 0) return FIELD_WEIGHTS.text;
  return 0;
};

/** A word in a passage's title that its page's name holds too adds this little: the page is about it as well. */
export const PAGE_TOO_WEIGHT = 0.1;

/**
 * A word's weight in a passage: by the best place it holds it, as asked or
 * as a synonym, and a little more when both its title and its page's name
 * hold it (the plans' overview holds "planes" in both, the terms' section
 * on payments in its title only).
 */
export function fieldWeight(fields: number): number {
  const best = Math.max(placeWeight(fields & ASKED), SYNONYM_WEIGHT * placeWeight((fields >> SYNONYM_SHIFT) & ASKED));
  const places = (fields | (fields >> SYNONYM_SHIFT)) & ASKED;
  return best + ((places & IN_TITLE) !== 0 && (places & IN_PAGE) !== 0 ? PAGE_TOO_WEIGHT : 0);
}

const inTitle = (fields: number): boolean => ((fields | (fields >> SYNONYM_SHIFT)) & IN_TITLE) !== 0;

/** Scores are sums of logarithms: equal to a millionth is a tie, whatever the order they were summed in. */
const EPSILON = 1e-6;

/**
 * `candidates` (every passage holding at least one word) best first.
 * `words`: the question's words, in the order of each candidate's `fields`.
 * `total`: how many passages there are; a word's passages are the
 * candidates that hold it.
 */
export function rankCandidates(candidates: ReadonlyArray<Candidate>, words: ReadonlyArray<RankedWord>, total: number): ReadonlyArray<RankedPassage> {
  const passages = Math.max(total, candidates.length);
  const weights = words.map(
    (word, index) =>
      (word.framing ? FRAMING_WEIGHT : 1) *
      inverseFrequency(
        candidates.filter((candidate) => (candidate.fields[index] ?? 0) !== 0).length,
        passages,
      ),
  );
  const asked = Math.max(
    words.filter((word) => !word.framing).length,
    1,
  );
  const scored = candidates.map((candidate) => {
    const held = (index: number) => (candidate.fields[index] ?? 0) !== 0;
    const matched = words.filter((word, index) => !word.framing && held(index)).length;
    const weight = words.reduce((sum, _word, index) => sum + (weights[index] ?? 0) * fieldWeight(candidate.fields[index] ?? 0), 0);
    return {
      position: candidate.position,
      passage: {
        key: candidate.key,
        title: candidate.title,
        body: candidate.body,
        href: candidate.href,
        matched,
        titleMatched: words.filter((word, index) => !word.framing && inTitle(candidate.fields[index] ?? 0)).length,
        score: (weight * matched) / asked,
      },
      // Every word in the title counts here, framing words too ("Cómo funciona" is about how something works).
      coverage: words.filter((_word, index) => inTitle(candidate.fields[index] ?? 0)).length / Math.max(candidate.titleLength, 1),
    };
  });
  scored.sort((a, b) => {
    const byScore = b.passage.score - a.passage.score;
    if (Math.abs(byScore) > EPSILON) return byScore;
    if (a.coverage !== b.coverage) return b.coverage - a.coverage;
    return a.position - b.position;
  });
  return scored.map((entry) => entry.passage);
}
