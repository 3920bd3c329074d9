import { describe, expect, it } from "vitest";
import { ResultCache } from "../../../server/marketplace/result-cache.ts";
import { MAX_SEARCH_WORDS, searchWords } from "../../../contracts/search-words.ts";

describe("search words", () => {
  it("removes accents and case the way unaccent does", () => {
    expect(searchWords("TECNOLOGÍA")).toEqual(["tecnologia"]);
    expect(searchWords("  Logística en Nuevo León, Año 2024 ")).toEqual(["logistica", "en", "nuevo", "leon", "ano", "2024"]);
    expect(searchWords("Ñandú ñoño")).toEqual(["nandu", "nono"]);
  });

  it("keeps letters and digits only, so no input reaches a query's syntax", () => {
    expect(searchWords("a & b | !c:* (d) 'e'")).toEqual(["a", "b", "c", "d", "e"]);
    expect(searchWords("salud & !clinica")).toEqual(["salud", "clinica"]);
    expect(searchWords("<script>")).toEqual(["script"]);
  });

  it("drops duplicates and keeps at most 8 words", () => {
    expect(searchWords("pan PAN pán")).toEqual(["pan"]);
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe("result cache", () => {
  it("serves an entry only for the version it was built at", () => {
    const cache = new ResultCache();
    cache.set(3, "k", "v3");
    expect(cache.get(3, "k")).toBe("v3");
    expect(cache.get(4, "k")).toBeUndefined();
  });

  it("ignores answers built for an older version and clears on a newer one", () => {
    const cache = new ResultCache();
    cache.set(5, "a", "new");
    cache.set(4, "b", "stale");
    expect(cache.get(5, "b")).toBeUndefined();
    cache.set(6, "c", "newer");
    expect(cache.get(6, "a")).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("evicts the least recently used entry past its size", () => {
    const cache = new ResultCache(2);
    cache.set(1, "a", "A");
    cache.set(1, "b", "B");
    cache.get(1, "a");
    cache.set(1, "c", "C");
    expect(cache.get(1, "b")).toBeUndefined();
    expect(cache.get(1, "a")).toBe("A");
    expect(cache.get(1, "c")).toBe("C");
  });
});
