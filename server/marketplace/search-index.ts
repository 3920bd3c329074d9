import { DEFAULT_PAGE_SIZE } from "../../contracts/list-query.ts";
import { TOTAL_COUNT_CAP, type CompanyCard, type CompanyListQuery, type CompanyListResponse } from "../../contracts/marketplace.ts";
import type { CatalogueNames } from "../catalogues/names.ts";
import { cardOf, type CardSource } from "./cards.ts";
import { parseSearch, synonymsOf, type SearchGroup } from "./search-query.ts";
import { typoDistance, typoLimit } from "./typo-distance.ts";

/**
 * The marketplace listing in memory (docs/decisions/024): every listed
 * company's card and filters, and an inverted index from its search
 * document's lexemes (PostgreSQL's own Spanish stems, read from
 * `company_search.search_vector`) to the companies that hold them.
 * SearchIndexSync (./search-index-sync.ts) builds it and keeps it equal to
 * the database; this file answers queries, synchronously, so a query never
 * sees half of an update.
 *
 * Companies sit in slots in id order (walking slots backwards is "newest
 * first"). Sets of slots are bitsets (Uint32Array, 12 kB per 100,000
 * slots): one per filter value, and per frequent lexeme one per weight, so
 * a query is a handful of ANDs and ORs over a few thousand machine words,
 * whatever the number of matches; rare lexemes keep a small map instead.
 *
 * Meaning, as the SQL listing it replaced (deleted since; docs/decisions/038):
 * - no search: newest first; each filter an exact match;
 * - a search: every word must match (AND), accent- and case-insensitive,
 *   each word as a prefix of a stem ("tecno", "tecnologías" → tecnolog…);
 *   a word of 4+ letters the text does not have is corrected to its nearest
 *   vocabulary word (typoDistance: transpositions included); Spanish stop
 *   words are dropped; a word also matches through its synonyms and
 *   abbreviations stand for their state or words (search-query.ts,
 *   docs/decisions/037; the SQL listing has neither);
 * - ranking: per word, the best weight it has in the company's document
 *   (A: industry 4, B: short description, state, interests 3, C: long
 *   description 2, D 1), summed over the words; newest first on ties. A
 *   match through a synonym, or through a longer word that a complete word
 *   only begins ("café" in "cafeterías"), counts as D;
 * - a reference code ("PUE-0054") puts that company first, if listed and
 *   within the filters; alone, it is the whole answer;
 * - totals exact up to TOTAL_COUNT_CAP, then "más de 1,000"; pages reach
 *   into the first TOTAL_COUNT_CAP + 1 matches only.
 */

/** A listed company as SearchIndexSync hands it over: its card and its search document (a tsvector's text form). */
export interface IndexedCompany extends CardSource {
  readonly document: string;
}

/** A lexeme's weight in a document as a level: its best position's weight, A 4 … D 1. */
const LEVEL_OF: Readonly<Record<string, number>> = { A: 4, B: 3, C: 2, D: 1 };
const LEVELS = 4;
/** Searches of up to this many words are ranked by level combinations (4^n of them); longer ones score each match. */
const COMBINED_WORDS = 3;

/**
 * Each lexeme of a tsvector's text form (`'despach':3B,7 'tecnolog':1A`)
 * with its level (a position without a letter is D).
 */
export function forEachLexeme(tsvectorText: string, visit: (lexeme: string, level: number) => void): void {
  const lexeme = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;
  for (const match of tsvectorText.matchAll(lexeme)) {
    const positions = match[2] ?? "";
    let level = 1;
    for (const letter of ["A", "B", "C"]) {
      if (positions.includes(letter)) {
        level = LEVEL_OF[letter] ?? 1;
        break;
      }
    }
    visit((match[1] ?? "").replaceAll("''", "'"), level);
  }
}

// --- Bitsets ------------------------------------------------------------------------

type Bits = Uint32Array;
const hasBit = (bits: Bits, slot: number): boolean => ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
const setBit = (bits: Bits, slot: number): void => {
  bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
};
const clearBit = (bits: Bits, slot: number): void => {
  bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) & ~(1 << (slot & 31));
};
const grown = (bits: Bits, words: number): Bits => {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
};
function orInto(target: Bits, source: Bits, words: number): void {
  for (let at = 0; at < words; at += 1) target[at] = target[at]! | source[at]!;
}
/** target = the AND of `sets` (at least one); returns how many bits it has. */
function intersectAndCount(target: Bits, sets: ReadonlyArray<Bits>, words: number): number {
  const [first, ...rest] = sets as [Bits, ...Bits[]];
  let count = 0;
  for (let at = 0; at < words; at += 1) {
    let value = first[at]!;
    for (let set = 0; set < rest.length && value !== 0; set += 1) value &= rest[set]![at]!;
    target[at] = value;
    if (value !== 0) {
      value -= (value >>> 1) & 0x55555555;
      value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
      count += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
  }
  return count;
}
/** The set slots, highest first, until `visit` returns false. */
function forEachSlotDescending(bits: Bits, words: number, visit: (slot: number) => boolean): void {
  for (let at = words - 1; at >= 0; at -= 1) {
    let value = bits[at] ?? 0;
    while (value !== 0) {
      const bit = 31 - Math.clz32(value);
      if (!visit(at * 32 + bit)) return;
      value ^= 1 << bit;
    }
  }
}

/**
 * The companies holding one lexeme, by level. Rare lexemes keep a map of
 * slot → level; past DENSE_AT slots they become one bitset per level.
 */
interface Posting {
  size: number;
  sparse: Map<number, number> | null;
  /** levels[level - 1], when dense. */
  levels: Bits[] | null;
  /** Every slot of `levels`, when dense. */
  any: Bits | null;
  /** How many slots each level holds (a query skips the empty ones). */
  readonly levelSizes: number[];
}
/** A lexeme held by at least this share of the slots gets bitsets (a bitset costs a bit per slot, a map entry ~40 bytes). */
const DENSE_SHARE = 1 / 256;

/** The first index of a sorted array whose value is >= key. */
function lowerBound(sorted: ReadonlyArray<string>, key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? "") < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The values of a sorted array that start with `prefix`. */
function withPrefix(sorted: ReadonlyArray<string>, prefix: string): ReadonlyArray<string> {
  const from = lowerBound(sorted, prefix);
  let to = from;
  while (to < sorted.length && (sorted[to] ?? "").startsWith(prefix)) to += 1;
  return sorted.slice(from, to);
}

/** A search's word group (search-query.ts) as the index holds it: lexeme ids, and states. */
interface ResolvedGroup {
  /** Lexemes ranked by their level in the document. */
  readonly lexemes: ReadonlyArray<number>;
  /** Lexemes that match but rank at the lowest level: synonyms, and longer words that a complete typed word only begins. */
  readonly lowest: ReadonlyArray<number>;
  /** States whose companies match at the state name's level (B). */
  readonly stateIds: ReadonlyArray<number>;
}
/** The level of a state's name in the document (B), and of a match through a synonym or a longer word (D). */
const STATE_LEVEL = 3;
const LOWEST_LEVEL = 1;

const FILTERS = ["state_id", "company_type_id", "verification_level_id", "ebitda_id", "sales_range_id", "industry_id", "interest_id"] as const;
type Filter = (typeof FILTERS)[number];
const filterValues = (company: CardSource, filter: Filter): ReadonlyArray<number> => {
  const one = (value: number | null) => (value === null ? [] : [value]);
  switch (filter) {
    case "state_id":
      return one(company.stateId);
    case "company_type_id":
      return one(company.companyTypeId);
    case "verification_level_id":
      return [company.verificationLevelId];
    case "ebitda_id":
      return one(company.ebitdaRangeId);
    case "sales_range_id":
      return one(company.yearlySalesRangeId);
    case "industry_id":
      return company.industryIds;
    case "interest_id":
      return company.interestIds;
  }
};

export interface PageOfMatches {
  readonly companies: ReadonlyArray<CardSource>;
  /** Matches counted, exact; the listing says "más de 1,000" past TOTAL_COUNT_CAP. */
  readonly counted: number;
}

interface Stored {
  readonly source: CardSource;
  /** Lexeme ids of its document, to unlink them. */
  readonly terms: Int32Array;
}

export class SearchIndex {
  private readonly storedAt: Array<Stored | null> = [];
  private readonly idAt: number[] = [];
  private readonly slotOf = new Map<number, number>();
  /** Bitset length in 32-bit words (capacity / 32); every bitset has it. */
  private words = 0;
  private listed: Bits = new Uint32Array(0);
  private listedCount = 0;
  private readonly filterBits = new Map<Filter, Map<number, Bits>>(FILTERS.map((filter) => [filter, new Map()]));
  // Lexemes are interned: one string and one id each, however many companies hold them.
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemeById: string[] = [];
  private readonly postings: Posting[] = [];
  /** Every lexeme, sorted, for prefix lookups; rebuilt lazily. */
  private sortedLexemes: string[] = [];
  private lexemesSorted = true;
  /** Vocabulary word → its lexeme (null: a stop word); `search_terms`. */
  private readonly stems = new Map<string, string | null>();
  private sortedWords: string[] = [];
  private wordsSorted = true;
  private wordsByLength = new Map<number, string[]>();
  /** Scratch bitsets, reused by every query (queries run synchronously). */
  private scratch: Bits[] = [];
  /** Serialized cards, built on first display with the catalogue names they were built with. */
  private readonly cards = new Map<number, { readonly names: CatalogueNames; readonly json: string }>();

  /** Listed companies. */
  get size(): number {
    return this.listedCount;
  }

  has(id: number): boolean {
    const slot = this.slotOf.get(id);
    return slot !== undefined && (this.storedAt[slot] ?? null) !== null;
  }

  // --- Writes (SearchIndexSync) -------------------------------------------------

  /** Add a vocabulary word with its lexeme (null for a stop word). */
  addWord(word: string, stem: string | null): void {
    if (this.stems.has(word)) return;
    this.stems.set(word, stem);
    this.wordsSorted = false;
  }

  /** Give companies that are not listed their place (ids ascending, above every known id), so listing them later keeps the id order. */
  reserve(ids: ReadonlyArray<number>): void {
    for (const id of ids) {
      if (this.slotOf.has(id)) continue;
      if (id < (this.idAt.at(-1) ?? 0)) throw new Error("SearchIndex.reserve: ids must ascend");
      const slot = this.storedAt.length;
      this.slotOf.set(id, slot);
      this.storedAt.push(null);
      this.idAt.push(id);
      if (slot >>> 5 >= this.words) this.grow(Math.max(64, this.words * 2));
    }
  }

  /** Add or replace a listed company. */
  upsert(company: IndexedCompany): void {
    let slot = this.slotOf.get(company.id);
    if (slot === undefined) {
      if (company.id < (this.idAt.at(-1) ?? 0)) {
        // A company the index never saw, older than the newest one (two
        // creations committed out of order): re-lay the slots in id order.
        this.relayout(company);
        return;
      }
      this.reserve([company.id]);
      slot = this.storedAt.length - 1;
    } else {
      this.unlink(slot);
    }
    this.link(slot, company);
  }

  /** A company that is not listed (unlisted, deleted, or new and not yet published): out of the results, its place kept. */
  unlist(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) this.unlink(slot);
    else if (id > (this.idAt.at(-1) ?? 0)) this.reserve([id]);
  }

  private grow(words: number): void {
    this.words = words;
    this.listed = grown(this.listed, words);
    for (const values of this.filterBits.values()) for (const [value, bits] of values) values.set(value, grown(bits, words));
    for (const posting of this.postings) {
      if (posting.levels !== null) posting.levels = posting.levels.map((bits) => grown(bits, words));
      if (posting.any !== null) posting.any = grown(posting.any, words);
    }
    this.scratch = [];
  }

  private link(slot: number, company: IndexedCompany): void {
    const { document, ...source } = company;
    const terms: number[] = [];
    forEachLexeme(document, (lexeme, level) => {
      let id = this.lexemeIds.get(lexeme);
      if (id === undefined) {
        id = this.postings.length;
        this.lexemeIds.set(lexeme, id);
        this.lexemeById.push(lexeme);
        this.postings.push({ size: 0, sparse: new Map(), levels: null, any: null, levelSizes: [0, 0, 0, 0] });
        this.lexemesSorted = false;
      }
      this.addToPosting(this.postings[id] as Posting, slot, level);
      terms.push(id);
    });
    for (const filter of FILTERS) {
      const values = this.filterBits.get(filter) as Map<number, Bits>;
      for (const value of filterValues(source, filter)) {
        let bits = values.get(value);
        if (bits === undefined) {
          bits = new Uint32Array(this.words);
          values.set(value, bits);
        }
        setBit(bits, slot);
      }
    }
    setBit(this.listed, slot);
    this.storedAt[slot] = { source, terms: Int32Array.from(terms) };
    this.listedCount += 1;
    this.cards.delete(company.id);
  }

  private addToPosting(posting: Posting, slot: number, level: number): void {
    posting.size += 1;
    posting.levelSizes[level - 1] = (posting.levelSizes[level - 1] ?? 0) + 1;
    if (posting.sparse !== null) {
      posting.sparse.set(slot, level);
      if (posting.size < Math.max(64, this.words * 32 * DENSE_SHARE)) return;
      // Dense now: one bitset per level.
      const levels = Array.from({ length: LEVELS }, () => new Uint32Array(this.words));
      const any = new Uint32Array(this.words);
      for (const [at, atLevel] of posting.sparse) {
        setBit(levels[atLevel - 1] as Bits, at);
        setBit(any, at);
      }
      posting.sparse = null;
      posting.levels = levels;
      posting.any = any;
      return;
    }
    setBit((posting.levels as Bits[])[level - 1] as Bits, slot);
    setBit(posting.any as Bits, slot);
  }

  private unlink(slot: number): void {
    const stored = this.storedAt[slot];
    if (stored === null || stored === undefined) return;
    this.storedAt[slot] = null;
    this.listedCount -= 1;
    this.cards.delete(stored.source.id);
    clearBit(this.listed, slot);
    for (const filter of FILTERS) {
      const values = this.filterBits.get(filter) as Map<number, Bits>;
      for (const value of filterValues(stored.source, filter)) {
        const bits = values.get(value);
        if (bits !== undefined) clearBit(bits, slot);
      }
    }
    for (const id of stored.terms) {
      const posting = this.postings[id];
      if (posting === undefined) continue;
      posting.size -= 1;
      const level = posting.sparse?.get(slot) ?? 1 + (posting.levels?.findIndex((bits) => hasBit(bits, slot)) ?? 0);
      posting.levelSizes[level - 1] = (posting.levelSizes[level - 1] ?? 1) - 1;
      if (posting.sparse !== null) posting.sparse.delete(slot);
      else {
        for (const bits of posting.levels ?? []) clearBit(bits, slot);
        if (posting.any !== null) clearBit(posting.any, slot);
      }
    }
  }

  /** Rebuild every slot in id order with `joining` among them (rare: see upsert). */
  private relayout(joining: IndexedCompany): void {
    const known: Array<{ id: number; company: IndexedCompany | null }> = this.idAt.map((id, slot) => {
      const stored = this.storedAt[slot] ?? null;
      return { id, company: stored === null ? null : { ...stored.source, document: this.documentOf(slot, stored) } };
    });
    known.push({ id: joining.id, company: joining });
    known.sort((a, b) => a.id - b.id);
    this.storedAt.length = 0;
    this.idAt.length = 0;
    this.slotOf.clear();
    this.words = 0;
    this.listed = new Uint32Array(0);
    this.listedCount = 0;
    for (const values of this.filterBits.values()) values.clear();
    for (const posting of this.postings) {
      posting.size = 0;
      posting.sparse = new Map();
      posting.levels = null;
      posting.any = null;
      posting.levelSizes.fill(0);
    }
    this.cards.clear();
    this.scratch = [];
    this.reserve(known.map(({ id }) => id));
    known.forEach(({ company }, slot) => {
      if (company !== null) this.link(slot, company);
    });
  }

  /** A listed slot's document again, as a tsvector text (for relayout). */
  private documentOf(slot: number, stored: Stored): string {
    return [...stored.terms]
      .map((id) => {
        const posting = this.postings[id] as Posting;
        let level = posting.sparse?.get(slot) ?? 1;
        if (posting.levels !== null) level = (posting.levels.findIndex((bits) => hasBit(bits, slot)) + 1) || 1;
        const letter = ["D", "C", "B", "A"][level - 1] ?? "D";
        return `'${(this.lexemeById[id] ?? "").replaceAll("'", "''")}':1${letter}`;
      })
      .join(" ");
  }

  // --- Reads ------------------------------------------------------------------------

  private scratchBits(count: number): Bits[] {
    while (this.scratch.length < count) this.scratch.push(new Uint32Array(this.words));
    return this.scratch;
  }

  /** The listing's matches for one page, in display order (filters must be checked already). */
  pageOf(query: CompanyListQuery): PageOfMatches {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
    const offset = (page - 1) * perPage;
    // Pages reach into the first TOTAL_COUNT_CAP + 1 matches (as the SQL listing's LIMIT).
    const end = Math.min(offset + perPage, TOTAL_COUNT_CAP + 1);
    const search = query.q === undefined ? null : parseSearch(query.q);
    const sets: Bits[] = [this.listed];
    for (const filter of FILTERS) {
      const value = query[filter];
      if (value === undefined) continue;
      const bits = this.filterBits.get(filter)?.get(value);
      if (bits === undefined) return { companies: [], counted: 0 };
      sets.push(bits);
    }
    // A reference code: that company, when listed and within the filters, first; alone, the whole answer.
    const pinned = search?.reference === null || search?.reference === undefined ? undefined : this.slotOf.get(search.reference);
    const pin = pinned !== undefined && sets.every((bits) => hasBit(bits, pinned)) ? pinned : null;
    const resolved = search === null ? [] : this.resolve(search.groups);
    if (search !== null && search.reference !== null && (resolved === null || resolved.length === 0)) {
      const source = pin === null ? undefined : this.storedAt[pin]?.source;
      return { companies: source !== undefined && offset === 0 ? [source] : [], counted: source === undefined ? 0 : 1 };
    }
    if (resolved === null) return { companies: [], counted: 0 };
    const words = this.words;
    // scratch[0]: the matches; then per search word LEVELS + 1 bitsets when it must be computed.
    const scratch = this.scratchBits(1 + resolved.length * (LEVELS + 1));
    // One pass: the listed companies AND the chosen filters AND some level of every word, counted.
    const levelsOfWord = resolved.map((group, index) => {
      const word = this.wordLevels(group, scratch.slice(1 + index * (LEVELS + 1), 1 + (index + 1) * (LEVELS + 1)));
      sets.push(word.any);
      return word.levels;
    });
    const matches = scratch[0] as Bits;
    let counted = intersectAndCount(matches, sets, words);
    const slots: number[] = [];
    if (pin !== null) {
      // First, and counted once.
      if (hasBit(matches, pin)) clearBit(matches, pin);
      else counted += 1;
      slots.push(pin);
    }
    if (end > offset && counted > slots.length) {
      if (levelsOfWord.length === 0) {
        forEachSlotDescending(matches, words, (slot) => {
          slots.push(slot);
          return slots.length < end;
        });
      } else if (levelsOfWord.length <= COMBINED_WORDS) {
        this.rankedByLevels(matches, levelsOfWord, end, slots);
      } else {
        this.rankedByBuckets(matches, levelsOfWord, end, slots);
      }
    }
    const companies = slots.slice(offset, end).flatMap((slot) => this.storedAt[slot]?.source ?? []);
    return { companies, counted };
  }

  /**
   * The first `end` matches by score (the sum of each word's level), newest
   * first within a score: for each score from the best down, the slots whose
   * levels add up to it are an OR of ANDs of the words' level bitsets,
   * computed a machine word at a time from the newest and stopped as soon as
   * the page is full (a first page of "tecnología" reads a few words of it).
   */
  private rankedByLevels(matches: Bits, levelsOfWord: ReadonlyArray<ReadonlyArray<Bits>>, end: number, slots: number[]): void {
    const count = levelsOfWord.length;
    for (let score = count * LEVELS; score >= count && slots.length < end; score -= 1) {
      // Every way `count` levels (1–4) add up to `score`, as the bitsets to AND.
      const tuples: Bits[][] = [];
      const chosen: Bits[] = [];
      const choose = (word: number, left: number): void => {
        if (word === count) {
          if (left === 0) tuples.push([...chosen]);
          return;
        }
        const remaining = count - word - 1;
        for (let level = 1; level <= LEVELS; level += 1) {
          const rest = left - level;
          if (rest < remaining || rest > remaining * LEVELS) continue;
          chosen[word] = levelsOfWord[word]?.[level - 1] as Bits;
          choose(word + 1, rest);
        }
      };
      choose(0, score);
      for (let at = this.words - 1; at >= 0 && slots.length < end; at -= 1) {
        const matching = matches[at]!;
        if (matching === 0) continue;
        let value = 0;
        for (const tuple of tuples) {
          let part = matching;
          for (const bits of tuple) part &= bits[at]!;
          value |= part;
        }
        while (value !== 0 && slots.length < end) {
          const bit = 31 - Math.clz32(value);
          slots.push(at * 32 + bit);
          value ^= 1 << bit;
        }
      }
    }
  }

  /** rankedByLevels for many words (4^n level combinations): score every match into buckets. */
  private rankedByBuckets(matches: Bits, levelsOfWord: ReadonlyArray<ReadonlyArray<Bits>>, end: number, slots: number[]): void {
    const buckets: number[][] = [];
    forEachSlotDescending(matches, this.words, (slot) => {
      let score = 0;
      for (const levels of levelsOfWord) {
        let level = LEVELS;
        while (level > 1 && !hasBit(levels[level - 1] as Bits, slot)) level -= 1;
        score += level;
      }
      (buckets[score] ??= []).push(slot);
      return true;
    });
    for (let score = buckets.length - 1; score >= 0 && slots.length < end; score -= 1) {
      for (const slot of buckets[score] ?? []) {
        slots.push(slot);
        if (slots.length >= end) return;
      }
    }
  }

  /**
   * A word group's slots by its best level among its lexemes (levels[level - 1],
   * each slot in one of them at most) and all of them (`any`): `lowest`
   * lexemes at LOWEST_LEVEL, a state's companies at STATE_LEVEL. A group of one
   * frequent lexeme is its posting's own bitsets; otherwise they are built
   * in `scratch` (LEVELS + 1 bitsets).
   */
  private wordLevels(group: ResolvedGroup, scratch: ReadonlyArray<Bits>): { levels: ReadonlyArray<Bits>; any: Bits } {
    const { lexemes, lowest, stateIds } = group;
    const [only] = lexemes;
    const single = lexemes.length === 1 && lowest.length === 0 && stateIds.length === 0 && only !== undefined ? this.postings[only] : undefined;
    if (single?.levels !== null && single?.levels !== undefined && single.any !== null) return { levels: single.levels, any: single.any };
    const words = this.words;
    const levels = scratch.slice(0, LEVELS);
    const any = scratch[LEVELS] as Bits;
    for (const bits of scratch) bits.fill(0, 0, words);
    for (const id of lexemes) {
      const posting = this.postings[id];
      if (posting === undefined || posting.size === 0) continue;
      if (posting.sparse !== null) {
        for (const [slot, level] of posting.sparse) setBit(levels[level - 1] as Bits, slot);
      } else {
        for (let level = 0; level < LEVELS; level += 1) {
          if (posting.levelSizes[level] !== 0) orInto(levels[level] as Bits, posting.levels?.[level] as Bits, words);
        }
      }
    }
    const lowestBits = levels[LOWEST_LEVEL - 1] as Bits;
    for (const id of lowest) {
      const posting = this.postings[id];
      if (posting === undefined || posting.size === 0) continue;
      if (posting.sparse !== null) for (const slot of posting.sparse.keys()) setBit(lowestBits, slot);
      else orInto(lowestBits, posting.any as Bits, words);
    }
    for (const stateId of stateIds) {
      const bits = this.filterBits.get("state_id")?.get(stateId);
      if (bits !== undefined) orInto(levels[STATE_LEVEL - 1] as Bits, bits, words);
    }
    // Keep each slot at its best level only; `any` collects the levels above.
    for (let level = LEVELS - 1; level >= 0; level -= 1) {
      const bits = levels[level] as Bits;
      for (let at = 0; at < words; at += 1) {
        const kept = bits[at]! & ~any[at]!;
        bits[at] = kept;
        any[at] = any[at]! | kept;
      }
    }
    return { levels, any };
  }

  /** The listing's answer (CompanyListResponse) as JSON, cards serialized once per company and catalogue version. */
  listJson(query: CompanyListQuery, names: CatalogueNames): string {
    const { companies, counted } = this.pageOf(query);
    const response: Omit<CompanyListResponse, "items"> = {
      total: Math.min(counted, TOTAL_COUNT_CAP),
      total_capped: counted > TOTAL_COUNT_CAP,
      page: query.page ?? 1,
      per_page: query.per_page ?? DEFAULT_PAGE_SIZE,
    };
    const items = companies.map((company) => this.cardJson(company, names)).join(",");
    return `{"items":[${items}],${JSON.stringify(response).slice(1)}`;
  }

  /** The listing's answer as objects (for tests). */
  list(query: CompanyListQuery, names: CatalogueNames): CompanyListResponse {
    return JSON.parse(this.listJson(query, names)) as CompanyListResponse;
  }

  /**
   * The companies among `companyIds` that the listing for the text `q`
   * would show (listed, and every word matching as in pageOf: stop words,
   * prefixes, typos), whatever their rank or page: the saved-search alerts
   * match a new listing's text with it (server/saved-searches/alerts.ts).
   * Filters are not applied here.
   */
  matching(q: string, companyIds: ReadonlyArray<number>): ReadonlySet<number> {
    const search = parseSearch(q);
    const listed = companyIds.flatMap((id) => {
      const slot = this.slotOf.get(id);
      return slot !== undefined && this.has(id) ? [{ id, slot }] : [];
    });
    // A reference code's company is in the listing whatever the other words (see pageOf).
    const referenced = listed.filter(({ id }) => id === search.reference);
    const resolved = this.resolve(search.groups);
    if (resolved === null || (search.reference !== null && resolved.length === 0)) return new Set(referenced.map(({ id }) => id));
    let kept = listed;
    const scratch = this.scratchBits(LEVELS + 1).slice(0, LEVELS + 1);
    for (const group of resolved) {
      const { any } = this.wordLevels(group, scratch);
      kept = kept.filter(({ slot }) => hasBit(any, slot));
    }
    return new Set([...referenced, ...kept].map(({ id }) => id));
  }

  private cardJson(company: CardSource, names: CatalogueNames): string {
    const cached = this.cards.get(company.id);
    if (cached !== undefined && cached.names === names) return cached.json;
    const card: CompanyCard = cardOf(company, names);
    const json = JSON.stringify(card);
    this.cards.set(company.id, { names, json });
    return json;
  }

  // --- Words ---------------------------------------------------------------------------

  /**
   * Each word group's lexemes and states (search-query.ts); null when a
   * group matches nothing, so the whole search matches nothing.
   */
  resolve(groups: ReadonlyArray<SearchGroup>): ReadonlyArray<ResolvedGroup> | null {
    const resolved: ResolvedGroup[] = [];
    for (const group of groups) {
      const found = this.resolveGroup(group);
      if (found.lexemes.length === 0 && found.lowest.length === 0 && found.stateIds.length === 0) return null;
      resolved.push(found);
    }
    return resolved;
  }

  private resolveGroup(group: SearchGroup): ResolvedGroup & { readonly corrected: string | null } {
    const lexemes = new Set<number>();
    const lowest = new Set<number>();
    const add = (words: ReadonlyArray<string>, ranked: boolean) => {
      for (const word of words) {
        const { own, longer } = this.resolveWord(word);
        for (const id of own) (ranked ? lexemes : lowest).add(id);
        for (const id of longer) lowest.add(id);
      }
    };
    add(group.words, true);
    add(group.synonyms, false);
    const stateIds = group.stateIds.filter((stateId) => this.filterBits.get("state_id")?.has(stateId) === true);
    let corrected: string | null = null;
    // A typed word the text does not have, nor any synonym of it: its nearest vocabulary word, with that word's synonyms.
    if (lexemes.size === 0 && lowest.size === 0 && group.stateIds.length === 0 && group.words.length === 1 && group.words[0] === group.typed) {
      corrected = this.correction(group.typed);
      if (corrected !== null) {
        add([corrected], true);
        add(synonymsOf(corrected), false);
      }
    }
    for (const id of lexemes) lowest.delete(id);
    return { lexemes: [...lexemes], lowest: [...lowest], stateIds, corrected };
  }

  /** The vocabulary word a typo stands for, if any (exported for tests: "desapcho" → "despacho"). */
  correction(word: string): string | null {
    if (word.length < 4) return null;
    this.sortWords();
    const limit = typoLimit(word.length);
    let best: string | null = null;
    let bestDistance = limit + 1;
    let bestFrequency = -1;
    for (let length = word.length - limit; length <= word.length + limit; length += 1) {
      for (const candidate of this.wordsByLength.get(length) ?? []) {
        const distance = typoDistance(word, candidate, Math.min(limit, bestDistance));
        if (distance > limit || distance > bestDistance) continue;
        // Nearest first; among equals, the word more companies have, then alphabetical.
        const frequency = this.frequency(candidate);
        if (distance < bestDistance || frequency > bestFrequency || (frequency === bestFrequency && best !== null && candidate < best)) {
          best = candidate;
          bestDistance = distance;
          bestFrequency = frequency;
        }
      }
    }
    return best;
  }

  private frequency(word: string): number {
    const stem = this.stems.get(word);
    const id = stem === null || stem === undefined ? undefined : this.lexemeIds.get(stem);
    return id === undefined ? 0 : (this.postings[id]?.size ?? 0);
  }

  /**
   * How a listing is answered, for the benchmark's report
   * (docs/performance/marketplace.md): each word's lexemes (frequent ones
   * are bitsets, rare ones maps), typo corrections, the filters' sizes, the
   * matches and the ranking used.
   */
  explain(query: CompanyListQuery): ReadonlyArray<string> {
    const lines: string[] = [];
    const search = query.q === undefined ? null : parseSearch(query.q);
    if (search?.reference !== null && search?.reference !== undefined) {
      lines.push(`reference ${search.reference}: ${this.has(search.reference) ? "listed, first" : "not listed"}`);
    }
    for (const group of search?.groups ?? []) {
      const { lexemes, lowest, stateIds, corrected } = this.resolveGroup(group);
      const dense = [...lexemes, ...lowest].filter((id) => this.postings[id]?.levels !== null).length;
      const shown = lexemes.slice(0, 4).map((id) => `${this.lexemeById[id] ?? ""}(${this.postings[id]?.size ?? 0})`);
      const also = [
        ...(group.words.length > 1 ? [`stands for ${group.words.slice(1).join(" ")}`] : []),
        ...(lowest.length > 0 ? [`${lowest.length} lexeme(s) of synonyms or longer words, ranked lowest`] : []),
        ...(stateIds.length > 0 ? [`state ${stateIds.join(", ")}`] : []),
      ];
      lines.push(
        `word "${group.typed}"${corrected === null ? "" : ` → typo of "${corrected}"`}: ${lexemes.length} lexeme(s) ${shown.join(" ")}${lexemes.length > 4 ? " …" : ""}; ${dense} as bitsets, ${lexemes.length + lowest.length - dense} as maps${also.length > 0 ? `; ${also.join("; ")}` : ""}`,
      );
    }
    for (const word of search?.dropped ?? []) lines.push(`word "${word}": stop word, dropped`);
    for (const filter of FILTERS) {
      const value = query[filter];
      if (value === undefined) continue;
      const bits = this.filterBits.get(filter)?.get(value);
      lines.push(`filter ${filter}=${value}: ${bits === undefined ? 0 : this.count(bits)} companies (bitset)`);
    }
    const { counted } = this.pageOf(query);
    const words = search === null ? 0 : (this.resolve(search.groups)?.length ?? 0);
    const order = words === 0 ? "newest first" : words <= COMBINED_WORDS ? "by level combinations, stopped when the page is full" : "scored into buckets";
    lines.push(`${this.words} machine words per bitset; matches ${counted} (of ${this.size} listed); ranked ${order}`);
    return lines;
  }

  private count(bits: Bits): number {
    const scratch = this.scratchBits(1)[0] as Bits;
    return intersectAndCount(scratch, [bits], this.words);
  }

  /**
   * A word's lexeme ids, as a prefix (no typo correction: resolveGroup
   * corrects a whole group). When the word is a complete vocabulary word,
   * the lexemes of the longer words it only begins are apart (`longer`):
   * "café" still finds "cafeterías", ranked below "café" itself.
   */
  private resolveWord(word: string): { readonly own: ReadonlyArray<number>; readonly longer: ReadonlyArray<number> } {
    this.sortWords();
    this.sortLexemes();
    const lexemes = new Set<string>();
    // Search as you type: every vocabulary word the word starts, by its stem
    // (as to_tsquery's `stem:*`); and lexemes that start with the word as
    // typed (numbers, and forms the vocabulary lacks).
    for (const known of withPrefix(this.sortedWords, word)) {
      const stem = this.stems.get(known);
      if (stem !== null && stem !== undefined) for (const lexeme of withPrefix(this.sortedLexemes, stem)) lexemes.add(lexeme);
    }
    for (const lexeme of withPrefix(this.sortedLexemes, word)) lexemes.add(lexeme);
    const stem = this.stems.get(word);
    const complete = stem !== null && stem !== undefined;
    const own: number[] = [];
    const longer: number[] = [];
    for (const lexeme of lexemes) {
      const id = this.lexemeIds.get(lexeme);
      if (id === undefined || (this.postings[id]?.size ?? 0) === 0) continue;
      if (!complete || lexeme === stem || lexeme === word) own.push(id);
      else longer.push(id);
    }
    return { own, longer };
  }

  private sortWords(): void {
    if (this.wordsSorted) return;
    this.sortedWords = [...this.stems.keys()].sort();
    this.wordsByLength = new Map();
    for (const word of this.sortedWords) {
      const same = this.wordsByLength.get(word.length);
      if (same === undefined) this.wordsByLength.set(word.length, [word]);
      else same.push(word);
    }
    this.wordsSorted = true;
  }

  private sortLexemes(): void {
    if (this.lexemesSorted) return;
    this.sortedLexemes = [...this.lexemeIds.keys()].sort();
    this.lexemesSorted = true;
  }
}
