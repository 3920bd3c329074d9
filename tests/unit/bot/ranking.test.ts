import { describe, expect, it } from "vitest";
import { FRAMING_WORDS, isFramingWord, questionVocabulary, SYNONYM_GROUPS } from "../../../server/bot/question-words.ts";
import {
  fieldWeight,
  FIELD_WEIGHTS,
  FRAMING_WEIGHT,
  IN_PAGE,
  IN_TEXT,
  IN_TITLE,
  inverseFrequency,
  PAGE_TOO_WEIGHT,
  rankCandidates,
  SYNONYM_SHIFT,
  SYNONYM_WEIGHT,
  type Candidate,
} from "../../../server/bot/ranking.ts";

const synonym = (places: number) => places << SYNONYM_SHIFT;

let position = 0;
const candidate = (key: string, fields: ReadonlyArray<number>, titleLength = 4): Candidate => ({
  key,
  title: key,
  body: "",
  href: "/",
  position: (position += 1),
  titleLength,
  fields,
});
const asked = { framing: false } as const;
const framing = { framing: true } as const;
const keys = (ranked: ReadonlyArray<{ readonly key: string }>) => ranked.map((passage) => passage.key);

describe("Puente Bot's ranking", () => {
  it("weighs a rare word more than a common one, never below zero", () => {
    expect(inverseFrequency(1, 50)).toBeGreaterThan(inverseFrequency(10, 50));
    expect(inverseFrequency(10, 50)).toBeGreaterThan(inverseFrequency(45, 50));
    expect(inverseFrequency(50, 50)).toBeGreaterThan(0);
  });

  it("weighs a word by its best place: title, then page's name, then text; a synonym a little less", () => {
    expect(fieldWeight(IN_TITLE | IN_TEXT)).toBe(FIELD_WEIGHTS.title);
    expect(fieldWeight(IN_PAGE | IN_TEXT)).toBe(FIELD_WEIGHTS.page);
    expect(fieldWeight(IN_TEXT)).toBe(FIELD_WEIGHTS.text);
    expect(fieldWeight(0)).toBe(0);
    expect(fieldWeight(synonym(IN_TITLE))).toBeCloseTo(SYNONYM_WEIGHT * FIELD_WEIGHTS.title);
    // The word as asked in the text, a synonym in the title: the better of the two.
    expect(fieldWeight(IN_TEXT | synonym(IN_TITLE))).toBeCloseTo(SYNONYM_WEIGHT * FIELD_WEIGHTS.title);
    expect(fieldWeight(IN_TITLE | IN_PAGE)).toBeCloseTo(FIELD_WEIGHTS.title + PAGE_TOO_WEIGHT);
    expect(fieldWeight(synonym(IN_TITLE) | IN_PAGE)).toBeCloseTo(SYNONYM_WEIGHT * FIELD_WEIGHTS.title + PAGE_TOO_WEIGHT);
  });

  it("puts the passage about the words (in its title) before one that only mentions them", () => {
    const ranked = rankCandidates([candidate("mentions", [IN_TEXT, IN_TEXT]), candidate("about", [IN_TITLE, IN_TITLE])], [asked, asked], 40);
    expect(keys(ranked)).toEqual(["about", "mentions"]);
    expect(ranked[0]).toMatchObject({ matched: 2, titleMatched: 2 });
  });

  it("lets a rare word in a title outweigh a common one ('vender' in the title beats 'empresa' in it)", () => {
    // Word 0 ("vender") is in few passages, word 1 ("empresa") in every one.
    const everyone = Array.from({ length: 20 }, (_, index) => candidate(`other-${index}`, [0, IN_TEXT]));
    const ranked = rankCandidates([...everyone, candidate("empresa-title", [IN_TEXT, IN_TITLE]), candidate("vender-title", [IN_TITLE, IN_TEXT])], [asked, asked], 22);
    expect(keys(ranked).slice(0, 2)).toEqual(["vender-title", "empresa-title"]);
  });

  it("scales by the share of the question's words a passage holds, so one rare word in a title does not outweigh three in a text", () => {
    // Summed alone, the rare word in a title (about 2.2) beats three commoner words in a text (about 1.0); scaled by 1/4 and 3/4, it does not.
    const others = Array.from({ length: 4 }, (_, index) => candidate(`other-${index}`, [0, IN_TEXT, IN_TEXT, IN_TEXT]));
    const ranked = rankCandidates([candidate("three-words", [0, IN_TEXT, IN_TEXT, IN_TEXT]), ...others, candidate("one-rare-word", [IN_TITLE, 0, 0, 0])], [asked, asked, asked, asked], 12);
    expect(keys(ranked).indexOf("three-words")).toBeLessThan(keys(ranked).indexOf("one-rare-word"));
    expect(inverseFrequency(1, 12) * FIELD_WEIGHTS.title).toBeGreaterThan(3 * inverseFrequency(5, 12) * FIELD_WEIGHTS.text);
  });

  it("weighs a framing word little and does not count it as matched", () => {
    // "¿cómo funciona vender mi empresa?": "funciona" (framing) in one title, "vender" and "empresa" in the other's.
    const ranked = rankCandidates(
      [candidate("funding-round", [IN_TITLE, IN_TEXT, IN_TEXT]), candidate("selling", [0, IN_TITLE, IN_TITLE])],
      [framing, asked, asked],
      40,
    );
    expect(keys(ranked)).toEqual(["selling", "funding-round"]);
    expect(ranked.find((passage) => passage.key === "funding-round")?.matched).toBe(2);
    expect(FRAMING_WEIGHT).toBeLessThan(SYNONYM_WEIGHT);
  });

  it("breaks a tie by the share of the title the words cover, then by the content's order", () => {
    const long = candidate("long-title", [IN_TITLE], 8);
    const short = candidate("short-title", [IN_TITLE], 2);
    expect(keys(rankCandidates([long, short], [asked], 30))).toEqual(["short-title", "long-title"]);
    const first = candidate("first", [IN_TITLE], 3);
    const second = candidate("second", [IN_TITLE], 3);
    expect(keys(rankCandidates([second, first], [asked], 30))).toEqual(["first", "second"]);
  });

  it("ranks nothing when nothing holds the words", () => {
    expect(rankCandidates([], [asked], 30)).toEqual([]);
  });
});

describe("Puente Bot's question words", () => {
  it("are plain words (lower case, no accents), each synonym in one group only, none both framing and a synonym", () => {
    const members = SYNONYM_GROUPS.flat();
    for (const word of [...members, ...FRAMING_WORDS]) expect(word).toMatch(/^[a-z]+$/);
    expect(new Set(members).size).toBe(members.length);
    for (const word of members) expect(isFramingWord(word), word).toBe(false);
    expect(new Set(questionVocabulary())).toEqual(new Set([...members, ...FRAMING_WORDS]));
  });

  it("frame a question without saying what it is about", () => {
    expect(isFramingWord("funciona")).toBe(true);
    expect(isFramingWord("quiero")).toBe(true);
    expect(isFramingWord("vender")).toBe(false);
  });
});
