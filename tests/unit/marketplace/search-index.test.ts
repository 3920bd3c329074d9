import { describe, expect, it } from "vitest";
import { TOTAL_COUNT_CAP, type CompanyListQuery } from "../../../contracts/marketplace.ts";
import type { CatalogueNames } from "../../../server/catalogues/names.ts";
import { cardOf } from "../../../server/marketplace/cards.ts";
import { forEachLexeme, SearchIndex, type IndexedCompany } from "../../../server/marketplace/search-index.ts";
import { typoDistance } from "../../../server/marketplace/typo-distance.ts";

// The in-memory marketplace index (server/marketplace/search-index.ts) on
// hand-made documents; tests/server/marketplace-search-index.test.ts
// compares it with the SQL listing on real triggers.

/** A listed company with a search document in tsvector text form. */
function company(id: number, document: string, filters: Partial<IndexedCompany> = {}): IndexedCompany {
  return {
    id,
    humanId: `PU-${id}`,
    pictureUrl: null,
    shortDescription: null,
    companyNames: [],
    verificationLevelId: 1,
    companyTypeId: null,
    stateId: null,
    yearlySalesRangeId: null,
    ebitdaRangeId: null,
    industryIds: [],
    interestIds: [],
    document,
    ...filters,
  };
}

function indexOf(companies: ReadonlyArray<IndexedCompany>, words: Readonly<Record<string, string | null>> = {}): SearchIndex {
  const index = new SearchIndex();
  for (const [word, stem] of Object.entries(words)) index.addWord(word, stem);
  for (const item of companies.toSorted((a, b) => a.id - b.id)) index.upsert(item);
  return index;
}

const ids = (index: SearchIndex, query: CompanyListQuery): ReadonlyArray<number> => index.pageOf({ per_page: 48, ...query }).companies.map((item) => item.id);

describe("typoDistance (optimal string alignment)", () => {
  it("counts substitutions, insertions, deletions and transpositions as one edit each", () => {
    expect(typoDistance("desapcho", "despacho", 2)).toBe(1);
    expect(typoDistance("tecnolgia", "tecnologia", 2)).toBe(1);
    expect(typoDistance("tecnologiaa", "tecnologia", 2)).toBe(1);
    expect(typoDistance("tecnologua", "tecnologia", 2)).toBe(1);
    expect(typoDistance("logisitca", "logistica", 2)).toBe(1);
    expect(typoDistance("abc", "abc", 1)).toBe(0);
    expect(typoDistance("ca", "abc", 3)).toBe(3);
    expect(typoDistance("manufactrua", "manufactura", 2)).toBe(1);
  });

  it("stops past the limit", () => {
    expect(typoDistance("salud", "energia", 1)).toBe(2);
    expect(typoDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("forEachLexeme", () => {
  it("reads each lexeme of a tsvector's text with its best weight (no letter: D)", () => {
    const seen: Array<[string, number]> = [];
    forEachLexeme("'100':4 'despach':3B,7A 'l''oreal':2C 'tecnolog':1", (lexeme, level) => seen.push([lexeme, level]));
    expect(seen).toEqual([
      ["100", 1],
      ["despach", 4],
      ["l'oreal", 2],
      ["tecnolog", 1],
    ]);
  });
});

describe("SearchIndex", () => {
  const words = { despacho: "despach", contable: "contabl", tecnologia: "tecnolog", tecnologico: "tecnolog", monterrey: "monterrey", para: null };

  it("without a search lists every company newest first, filters exact", () => {
    const index = indexOf([
      company(1, "'a':1", { stateId: 19, industryIds: [1, 2] }),
      company(2, "'a':1", { stateId: 14, industryIds: [2] }),
      company(3, "'a':1", { stateId: 19, industryIds: [3], interestIds: [4] }),
    ]);
    expect(ids(index, {})).toEqual([3, 2, 1]);
    expect(ids(index, { state_id: 19 })).toEqual([3, 1]);
    expect(ids(index, { industry_id: 2 })).toEqual([2, 1]);
    expect(ids(index, { state_id: 19, industry_id: 2 })).toEqual([1]);
    expect(ids(index, { interest_id: 4 })).toEqual([3]);
    expect(ids(index, { interest_id: 5 })).toEqual([]);
  });

  it("requires every word, as a prefix of a stem, accents and capitals ignored", () => {
    const index = indexOf(
      [
        company(1, "'despach':1B 'contabl':2B 'monterrey':3B"),
        company(2, "'despach':1B"),
        company(3, "'tecnolog':1A 'monterrey':2B"),
      ],
      words,
    );
    expect(ids(index, { q: "Despacho" })).toEqual([2, 1]);
    expect(ids(index, { q: "despacho contable" })).toEqual([1]);
    expect(ids(index, { q: "TECNOLÓGICO Monterrey" })).toEqual([3]);
    expect(ids(index, { q: "desp" })).toEqual([2, 1]);
    expect(ids(index, { q: "despacho para" })).toEqual([2, 1]);
    expect(ids(index, { q: "despacho zzzzqqq" })).toEqual([]);
  });

  it("corrects typos of 4+ letters to the nearest word, transpositions included", () => {
    const index = indexOf([company(1, "'despach':1B"), company(2, "'tecnolog':1A")], words);
    expect(index.correction("desapcho")).toBe("despacho");
    expect(ids(index, { q: "Desapcho" })).toEqual([1]);
    expect(ids(index, { q: "tecnolgia" })).toEqual([2]);
    expect(ids(index, { q: "dsp" })).toEqual([]);
    // The benchmark's report says so.
    expect(index.explain({ q: "Desapcho para" }).join("\n")).toMatch(/word "desapcho" → typo of "despacho": 1 lexeme\(s\) despach\(1\)[^]*word "para": stop word[^]*matches 1 \(of 2 listed\)/);
    // Two edits in a word of under 8 letters are not a typo of it.
    expect(index.correction("cntabel")).toBeNull();
    expect(index.correction("dsepahco")).toBe("despacho");
  });

  it("remembers a correction only until the next write (a new word or a company's lexemes change the nearest one)", () => {
    const index = indexOf([company(1, "'despach':1B")], words);
    expect(index.correction("despachu")).toBe("despacho");
    // As near and as frequent (the same lexeme): the alphabetically first one.
    index.addWord("despacha", "despach");
    expect(index.correction("despachu")).toBe("despacha");
    // As near, and more companies have it once they are listed.
    index.addWord("despachi", "despachi");
    index.upsert(company(2, "'despachi':1B"));
    index.upsert(company(3, "'despachi':1B"));
    expect(index.correction("despachu")).toBe("despachi");
    index.unlist(2);
    index.unlist(3);
    expect(index.correction("despachu")).toBe("despacha");
  });

  it("ranks by the words' weights (industry A over description B over long description C), newest first on ties", () => {
    const index = indexOf(
      [
        company(1, "'tecnolog':1A"),
        company(2, "'tecnolog':1C"),
        company(3, "'tecnolog':1B 'monterrey':2B"),
        company(4, "'tecnolog':1A 'monterrey':2C"),
        company(5, "'tecnolog':1B"),
        company(6, "'tecnolog':1A"),
      ],
      words,
    );
    expect(ids(index, { q: "tecnologia" })).toEqual([6, 4, 1, 5, 3, 2]);
    // A + C (6) ties B + B (6): newest first.
    expect(ids(index, { q: "tecnologia monterrey" })).toEqual([4, 3]);
  });

  it("ranks many-word searches (scored one by one) as it ranks short ones (by level combinations)", () => {
    // Deterministic pseudo-random documents over four words and all four weights.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const letters = ["A", "B", "C", ""];
    const documents = Array.from({ length: 400 }, (_, at) =>
      company(
        at + 1,
        ["rojo", "verde", "azul", "negro"]
          .map((word, position) => `'${word}':${position + 1}${letters[next() % 4] ?? ""}`)
          .filter(() => next() % 5 !== 0)
          .join(" "),
      ),
    );
    const index = indexOf(documents, { rojo: "roj", verde: "verd", azul: "azul", negro: "negr" });
    const level = (document: string, word: string): number => {
      const match = new RegExp(`'${word}':\\d+([ABC]?)`).exec(document);
      return match === null ? 0 : ({ A: 4, B: 3, C: 2 }[match[1] ?? ""] ?? 1);
    };
    for (const query of ["rojo", "rojo verde", "rojo verde azul", "rojo verde azul negro"]) {
      const searched = query.split(" ");
      const expected = documents
        .filter((item) => searched.every((word) => level(item.document, word) > 0))
        .map((item) => ({ id: item.id, score: searched.reduce((sum, word) => sum + level(item.document, word), 0) }))
        .sort((a, b) => b.score - a.score || b.id - a.id)
        .map((item) => item.id);
      const got: number[] = [];
      for (let page = 1; got.length < expected.length; page += 1) got.push(...ids(index, { q: query, page }));
      expect(got, query).toEqual(expected);
    }
  });

  it("counts exactly up to the cap, says 'more' beyond it, and pages only into the first cap + 1 matches", () => {
    const many = Array.from({ length: TOTAL_COUNT_CAP + 50 }, (_, at) => company(at + 1, "'despach':1B"));
    const index = indexOf(many, words);
    const first = index.list({ q: "despacho" }, new Map());
    expect(first.total).toBe(TOTAL_COUNT_CAP);
    expect(first.total_capped).toBe(true);
    expect(index.pageOf({ q: "despacho", per_page: 48, page: 21 }).companies.map((item) => item.id)).toEqual(
      Array.from({ length: 41 }, (_, at) => TOTAL_COUNT_CAP + 50 - 960 - at),
    );
    expect(index.pageOf({ q: "despacho", per_page: 48, page: 22 }).companies).toEqual([]);
    const few = indexOf(many.slice(0, 30), words).list({}, new Map());
    expect([few.total, few.total_capped]).toEqual([30, false]);
  });

  it("finds a word through its synonyms, ranked below the word typed, whatever their weight", () => {
    const index = indexOf(
      [company(1, "'flet':1B"), company(2, "'transport':1A 'logist':2A"), company(3, "'despach':1B")],
      { fletes: "flet", flete: "flet", transporte: "transport", logistica: "logist", despacho: "despach" },
    );
    expect(ids(index, { q: "fletes" })).toEqual([1, 2]);
    expect(ids(index, { q: "transporte" })).toEqual([2, 1]);
    expect(index.explain({ q: "fletes" }).join("\n")).toMatch(/word "fletes": 1 lexeme\(s\) flet\(1\)[^\n]*2 lexeme\(s\) of synonyms or longer words, ranked lowest/);
    // A typo is corrected first, then given its synonyms.
    expect(ids(index, { q: "feltes" })).toEqual([1, 2]);
  });

  it("ranks longer words that a complete word only begins below the word itself; a partial word ranks them all alike", () => {
    const index = indexOf([company(1, "'caf':1C"), company(2, "'cafeteri':1A")], { cafe: "caf", cafeteria: "cafeteri" });
    expect(ids(index, { q: "café" })).toEqual([1, 2]);
    expect(ids(index, { q: "caf" })).toEqual([2, 1]);
  });

  it("reads a state's abbreviation as that state's companies, ranked as the state's name, and as the abbreviation written", () => {
    const index = indexOf(
      [
        company(1, "'despach':1B", { stateId: 9 }),
        company(2, "'despach':1B 'cdmx':2C", { stateId: 14 }),
        company(3, "'despach':1B", { stateId: 15 }),
        company(4, "'otro':1B", { stateId: 9 }),
      ],
      words,
    );
    expect(ids(index, { q: "CDMX" })).toEqual([4, 1, 2]);
    expect(ids(index, { q: "despacho cdmx" })).toEqual([1, 2]);
    expect(ids(index, { q: "despacho edomex" })).toEqual([3]);
    // A state nobody is listed in: nothing, as a word the text does not have.
    expect(ids(index, { q: "despacho nl" })).toEqual([]);
  });

  it("puts the company of a reference code first when listed and within the filters; alone, it is the whole answer", () => {
    const index = indexOf(
      [
        company(1, "'despach':1B", { stateId: 19 }),
        company(2, "'otro':1B", { stateId: 14 }),
        company(3, "'despach':1A", { stateId: 19 }),
        company(4, "'despach':1B", { stateId: 19 }),
      ],
      words,
    );
    index.unlist(4);
    const alone = index.list({ q: "PUE-0002" }, new Map());
    expect([alone.total, alone.items.map((card) => card.id)]).toEqual([1, [2]]);
    for (const q of ["pue2", "PUE 002", "pue-0002"]) expect(ids(index, { q }), q).toEqual([2]);
    expect(index.list({ q: "PUE-0002", state_id: 19 }, new Map()).total).toBe(0);
    expect(index.list({ q: "PUE-0004" }, new Map()).total).toBe(0);
    expect(index.list({ q: "PUE-0099" }, new Map()).total).toBe(0);
    // With words: the code's company, then the words' matches (counted once), page after page.
    expect(ids(index, { q: "PUE-0002 despacho" })).toEqual([2, 3, 1]);
    expect(ids(index, { q: "PUE-0001 despacho" })).toEqual([1, 3]);
    expect(index.list({ q: "PUE-0001 despacho" }, new Map()).total).toBe(2);
    expect(index.list({ q: "PUE-0002 despacho" }, new Map()).total).toBe(3);
    expect([1, 2, 3].map((page) => ids(index, { q: "PUE-0002 despacho", per_page: 1, page }))).toEqual([[2], [3], [1]]);
    expect(ids(index, { q: "PUE-0002", page: 2 })).toEqual([]);
    expect(index.explain({ q: "PUE-0002" })[0]).toBe("reference 2: listed, first");
  });

  it("keeps id order through updates, removals, re-listing and late arrivals, and grows past its first capacity", () => {
    const index = new SearchIndex();
    index.addWord("despacho", "despach");
    index.reserve([1, 2, 3]);
    index.upsert(company(2, "'despach':1B"));
    index.upsert(company(5, "'despach':1B"));
    index.unlist(7); // created, not listed yet
    index.upsert(company(1, "'despach':1B"));
    index.upsert(company(6, "'despach':1B")); // older than 7: goes through a re-layout
    index.upsert(company(7, "'despach':1A"));
    expect(ids(index, {})).toEqual([7, 6, 5, 2, 1]);
    expect(ids(index, { q: "despacho" })).toEqual([7, 6, 5, 2, 1]);
    index.unlist(5);
    index.upsert(company(2, "'otro':1A"));
    expect(ids(index, { q: "despacho" })).toEqual([7, 6, 1]);
    index.upsert(company(5, "'despach':1A"));
    expect(ids(index, { q: "despacho" })).toEqual([7, 5, 6, 1]);
    expect(index.size).toBe(5);
    for (let id = 8; id < 5000; id += 1) index.upsert(company(id, id % 2 === 0 ? "'despach':1C" : "'otro':1B", { stateId: id % 3 }));
    expect(index.size).toBe(5 + 4992);
    expect(index.list({ q: "despacho", state_id: 1 }, new Map()).total).toBe(832);
    expect(ids(index, { q: "despacho" }).slice(0, 5)).toEqual([7, 5, 6, 1, 4998]);
  });
});

describe("SearchIndex storage", () => {
  /** Deterministic pseudo-random numbers below `below`. */
  function randomBelow(seed: number): (below: number) => number {
    let state = seed;
    return (below) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % below;
    };
  }
  const WORDS = ["rojo", "verde", "azul", "negro", "blanco", "gris", "cafe", "rosa"];

  it("answers after many updates, removals and late arrivals exactly as an index built afresh from the final state", () => {
    const random = randomBelow(11);
    const letters = ["A", "B", "C", ""];
    const companyAt = (id: number, version: number): IndexedCompany => {
      // Frequent words (bitsets past 64 companies), and a rare word per company and version (lists).
      const document = [...WORDS.filter(() => random(3) !== 0), `raro${id}v${version}`]
        .map((word, position) => `'${word}':${position + 1}${letters[random(4)] ?? ""}`)
        .join(" ");
      return company(id, document, {
        stateId: random(4) === 0 ? null : 1 + random(5),
        industryIds: [1 + random(3), 4 + random(3)],
        interestIds: random(2) === 0 ? [] : [1 + random(4)],
        verificationLevelId: 1 + random(3),
      });
    };
    const index = new SearchIndex();
    const final = new Map<number, IndexedCompany | null>();
    let newest = 0;
    for (let step = 0; step < 2000; step += 1) {
      const roll = random(10);
      let id = 1 + random(Math.max(1, newest));
      if (roll === 0 || newest === 0) id = newest += 1 + random(3);
      else if (roll === 1 && !final.has(id - 1) && id > 1) id -= 1; // an older id the index never saw: a re-layout
      if (roll === 2) {
        index.unlist(id);
        final.set(id, null);
      } else {
        const next = companyAt(id, step);
        index.upsert(next);
        final.set(id, next);
      }
    }
    const fresh = new SearchIndex();
    const listed = [...final].filter(([, item]) => item !== null).map(([, item]) => item as IndexedCompany);
    for (const item of listed.toSorted((a, b) => a.id - b.id)) fresh.upsert(item);
    expect(index.size).toBe(listed.length);
    const names = new Map([["states", new Map([[1, "Uno"], [2, "Dos"]])], ["industries", new Map([[1, "I1"], [5, "I5"]])]]) as unknown as CatalogueNames;
    const queries: CompanyListQuery[] = [
      {},
      { state_id: 2 },
      { industry_id: 5, interest_id: 3 },
      ...WORDS.map((q) => ({ q })),
      { q: "rojo verde" },
      { q: "rojo verde azul negro" },
      { q: "raro" },
      { q: `raro${listed[0]?.id ?? 0}` },
    ];
    for (const query of queries) {
      for (const page of [1, 3]) {
        expect(index.listJson({ ...query, page, per_page: 24 }, names), JSON.stringify(query)).toBe(fresh.listJson({ ...query, page, per_page: 24 }, names));
      }
    }
  });

  it("serializes each card as cardOf does, byte for byte (catalogue ids read back from the filters, the description masked)", () => {
    const companies = [
      company(1, "'a':1", {
        humanId: "PUE-0001",
        pictureUrl: "https://img.example/1.png",
        shortDescription: "Nube Contable atiende pymes; escribe a hola@nube.mx.",
        companyNames: ["Nube Contable", "Nube Contable S.A. de C.V.", "Nube Contable"],
        verificationLevelId: 2,
        companyTypeId: 1,
        stateId: 19,
        yearlySalesRangeId: 3,
        ebitdaRangeId: 4,
        industryIds: [6, 2],
        interestIds: [3, 1],
      }),
      company(2, "'a':1", { shortDescription: "Sin nombre.", companyNames: [null, "Otra", null], stateId: 99, verificationLevelId: 7 }),
      company(3, "'a':1"),
    ];
    const index = indexOf(companies);
    const names = new Map<string, ReadonlyMap<number, string>>([
      ["verification_levels", new Map([[2, "Verificada"]])],
      ["company_types", new Map([[1, "Moral"]])],
      ["states", new Map([[19, "Nuevo León"]])],
      ["yearly_sales_ranges", new Map([[3, "10 a 50 mdp"]])],
      ["ebitda_ranges", new Map([[4, "5 a 10 mdp"]])],
      ["industries", new Map([[2, "Salud"], [6, "Tecnología"]])],
      ["interests", new Map([[1, "Venta"], [3, "Capital"]])],
    ]) as unknown as CatalogueNames;
    const json = index.listJson({}, names);
    const cards = companies.toReversed().map((item) => JSON.stringify(cardOf(item, names)));
    expect(json.startsWith(`{"items":[${cards.join(",")}],`)).toBe(true);
    expect(json).toContain("La empresa atiende pymes; escribe a [dato de contacto oculto]");
    // Shown again (from the kept JSON), and after an update.
    expect(index.listJson({}, names)).toBe(json);
    index.upsert({ ...(companies[0] as IndexedCompany), stateId: null, industryIds: [] });
    expect(index.listJson({}, names)).toContain(`"state":null,"yearly_sales_range":{"id":3,"name":"10 a 50 mdp"},"ebitda_range":{"id":4,"name":"5 a 10 mdp"},"interests":[{"id":1,"name":"Venta"},{"id":3,"name":"Capital"}],"industries":[]`);
  });

  it("keeps lexeme ids past 65,536 lexemes (the pool's ids widen from 2 to 4 bytes)", () => {
    const index = new SearchIndex();
    index.addWord("comun", "comun");
    const many = 70_000;
    for (let id = 1; id <= many; id += 1) index.upsert(company(id, `'comun':1B 'unico${id}':2C`));
    index.upsert(company(many, `'unico${many}':1A`));
    index.unlist(1);
    expect(index.pageOf({ q: `unico${many}` }).companies.map((item) => item.id)).toEqual([many]);
    expect(index.pageOf({ q: "unico69999" }).companies.map((item) => item.id)).toEqual([69_999]);
    expect(index.pageOf({ q: "unico1" }).counted).toBe(11_110);
    expect(index.list({ q: "comun" }, new Map()).total_capped).toBe(true);
    expect(index.size).toBe(many - 1);
  });
});
