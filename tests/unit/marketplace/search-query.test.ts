import { describe, expect, it } from "vitest";
import { plainWords } from "../../../contracts/search-words.ts";
import { parseSearch, synonymsOf } from "../../../server/marketplace/search-query.ts";
import { ABBREVIATIONS, SYNONYM_GROUPS } from "../../../server/marketplace/search-synonyms.ts";
import { SPANISH_STOP_WORDS } from "../../../server/marketplace/spanish-stop-words.ts";
import { STATES } from "../../../server/seed/catalogue-data.ts";

// How a marketplace search is read before the index answers it
// (server/marketplace/search-query.ts, docs/decisions/037); the relevance
// set (tests/server/search-relevance) measures what it is worth.

describe("parseSearch", () => {
  it("reads a reference code however it is copied, and only with its digits", () => {
    for (const q of ["PUE-0054", "pue0054", "PUE-54", "pue 54", "Pue-054", " pue_0054 "]) {
      expect(parseSearch(q), q).toEqual({ reference: 54, groups: [], dropped: [] });
    }
    const withWords = parseSearch("PUE-0054 despacho");
    expect([withWords.reference, withWords.groups.map((group) => group.typed)]).toEqual([54, ["despacho"]]);
    // "pue" is also how "puebla" starts; a number alone is not a code; ten digits are not an id.
    expect(parseSearch("pue")).toMatchObject({ reference: null, groups: [{ typed: "pue" }] });
    expect(parseSearch("puebla 54")).toMatchObject({ reference: null, groups: [{ typed: "puebla" }, { typed: "54" }] });
    expect(parseSearch("0054").reference).toBeNull();
    expect(parseSearch("pue 1234567890").reference).toBeNull();
  });

  it("gives a typed word its synonyms, a plural its singular's group, and drops stop words", () => {
    expect(parseSearch("despacho contable")).toEqual({
      reference: null,
      groups: [
        { typed: "despacho", words: ["despacho"], synonyms: [], stateIds: [] },
        { typed: "contable", words: ["contable"], synonyms: ["contabilidad", "contador", "contaduria"], stateIds: [] },
      ],
      dropped: [],
    });
    expect(synonymsOf("fletes")).toEqual(["logistica", "transporte", "autotransporte", "acarreo"]);
    expect(synonymsOf("hospitales")).toEqual(["clinica", "sanatorio"]);
    expect(synonymsOf("despacho")).toEqual([]);
    expect(parseSearch("hotel en la playa")).toMatchObject({ groups: [{ typed: "hotel" }, { typed: "playa" }], dropped: ["en", "la"] });
  });

  it("reads a state's abbreviation as the state, and others as their words, each required", () => {
    expect(parseSearch("CDMX").groups).toEqual([{ typed: "cdmx", words: ["cdmx"], synonyms: [], stateIds: [9] }]);
    // Several words, the longest key first; "estado" is a stop word, so the name alone would be "méxico".
    for (const q of ["Edo. Méx.", "edo de mex", "Estado de México", "edomex"]) expect(parseSearch(q).groups.map((group) => group.stateIds), q).toEqual([[15]]);
    expect(parseSearch("NL gimnasio").groups.map((group) => [group.typed, group.stateIds])).toEqual([
      ["nl", [19]],
      ["gimnasio", []],
    ]);
    expect(parseSearch("RH monterrey").groups.map((group) => group.words)).toEqual([["rh", "recursos"], ["rh", "humanos"], ["monterrey"]]);
    // "ti" is a Spanish stop word ("para ti"), but a buyer's "TI" is information technology.
    expect(parseSearch("soporte TI").groups.map((group) => group.words)).toEqual([["soporte"], ["ti", "tecnologias"], ["ti", "informacion"]]);
    expect(parseSearch("GDL").groups.map((group) => group.words)).toEqual([["gdl", "guadalajara"]]);
  });
});

describe("the synonyms and abbreviations table", () => {
  const isPlain = (word: string) => plainWords(word).join(" ") === word;

  it("writes each word as a search holds it, in one group only, never a stop word", () => {
    const seen = new Set<string>();
    for (const group of SYNONYM_GROUPS) {
      expect(group.length, group.join()).toBeGreaterThan(1);
      for (const word of group) {
        expect(isPlain(word) && !word.includes(" "), word).toBe(true);
        expect(SPANISH_STOP_WORDS.has(word), word).toBe(false);
        expect(seen.has(word), `${word} is in two groups`).toBe(false);
        seen.add(word);
      }
    }
  });

  it("keys abbreviations by plain words, names existing states, and expands to words that are not all stop words", () => {
    const stateIds = new Set(STATES.map(([code]) => Number(code)));
    for (const [key, meaning] of Object.entries(ABBREVIATIONS)) {
      expect(isPlain(key), key).toBe(true);
      expect(synonymsOf(key), key).toEqual([]);
      if ("stateId" in meaning) expect(stateIds.has(meaning.stateId), key).toBe(true);
      else expect(plainWords(meaning.words).filter((word) => !SPANISH_STOP_WORDS.has(word)).length, key).toBeGreaterThan(0);
    }
  });
});
