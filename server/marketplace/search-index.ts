import { DEFAULT_PAGE_SIZE } from "../../contracts/list-query.ts";
import { TOTAL_COUNT_CAP, type CompanyCard, type CompanyListQuery, type CompanyListResponse } from "../../contracts/marketplace.ts";
import { itemOf, itemsOf, requiredItemOf, type CatalogueNames } from "../catalogues/names.ts";
import type { CardSource } from "./cards.ts";
import { parseSearch, synonymsOf, type SearchGroup } from "./search-query.ts";
import { humanIdFor } from "../companies/create-company.ts";
import { maskDescription, mayNeedMasking } from "./masked-description.ts";
import { TextPool } from "./text-pool.ts";
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
 * slots): one per filter value, and per frequent lexeme one per weight it
 * has, so a query is a handful of ANDs and ORs over a few thousand machine
 * words, whatever the number of matches; rare lexemes keep a short list.
 *
 * Memory (~600 bytes per listed company at 100,000 and at 1,000,000,
 * measured by `npm run bench:marketplace -- --index-only`, which prints it
 * by part; docs/decisions/040): per company a slot in a few typed arrays,
 * its lexeme ids in one shared pool and its description as UTF-8 in another
 * (./text-pool.ts), off the JavaScript heap; its catalogue ids are read back
 * from the filter bitsets and its reference from its id when a card is
 * shown. Most descriptions hold neither a name nor a contact detail
 * (mayNeedMasking decides it while loading) and are kept as written; the
 * others keep their company's names until the card is first shown, when
 * the description is masked (contracts/confidential-text.ts) and only the
 * masked text is kept: masking every one while loading would cost ~20 µs a
 * company.
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
 * with its level (a position without a letter is D). Read by hand, not by
 * a regular expression: a load reads ~75 lexemes per company.
 */
export function forEachLexeme(tsvectorText: string, visit: (lexeme: string, level: number) => void): void {
  const QUOTE = 39;
  const COLON = 58;
  const SPACE = 32;
  let at = 0;
  for (;;) {
    const open = tsvectorText.indexOf("'", at);
    if (open < 0) return;
    // The closing quote: a doubled one is a quote inside the lexeme.
    let close = open + 1;
    let escaped = false;
    for (;;) {
      close = tsvectorText.indexOf("'", close);
      if (close < 0) return;
      if (tsvectorText.charCodeAt(close + 1) !== QUOTE) break;
      escaped = true;
      close += 2;
    }
    const lexeme = tsvectorText.slice(open + 1, close);
    at = close + 1;
    let level = 1;
    if (tsvectorText.charCodeAt(at) === COLON) {
      for (; at < tsvectorText.length && tsvectorText.charCodeAt(at) !== SPACE; at += 1) {
        const letter = tsvectorText[at] ?? "";
        level = Math.max(level, LEVEL_OF[letter] ?? 1);
      }
    }
    visit(escaped ? lexeme.replaceAll("''", "'") : lexeme, level);
  }
}

/**
 * A string that keeps nothing else alive. A lexeme read from a search
 * document is a slice of it: it would hold on to the whole document for as
 * long as the index keeps the lexeme.
 */
const ownCopy = (text: string): string => (text.length < 2 ? text : text.split("").join(""));

/**
 * A company's names (name, legal name, commercial name), kept only to mask
 * its description, as one string: PostgreSQL text never holds NUL, and a
 * missing name masks nothing, as an empty one. Two parts: the commercial
 * name is the name (the usual case).
 */
function namesKey(names: ReadonlyArray<string | null>): string {
  const [name = null, legalName = null, commercialName = null] = names;
  const parts = [name ?? "", legalName ?? ""];
  if (commercialName !== name) parts.push(commercialName ?? "");
  return parts.join("\u0000");
}
function namesOf(key: string): ReadonlyArray<string> {
  const [name = "", legalName = "", commercialName = name] = key.split("\u0000");
  return [name, legalName, commercialName];
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
/** A copy of `bits` with room for `words` (never shorter). */
function grown(bits: Bits, words: number): Bits {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}
function grownInts(ints: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(length);
  next.set(ints);
  return next;
}
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
/** The indexes of the machine words of `bits` that are not 0, highest first. */
function occupiedWords(bits: Bits, words: number): Int32Array {
  let count = 0;
  for (let at = 0; at < words; at += 1) if (bits[at] !== 0) count += 1;
  const occupied = new Int32Array(count);
  let next = 0;
  for (let at = words - 1; at >= 0; at -= 1) if (bits[at] !== 0) occupied[next++] = at;
  return occupied;
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

// --- Postings -------------------------------------------------------------------------

/**
 * A lexeme held by at least this share of the slots gets bitsets. A rare
 * lexeme's entry costs 4 bytes (~5 with the list's spare room); a bitset a
 * bit per slot, one per level the lexeme has (plus one for all of them when
 * it has several). Measured at 100,000 companies: 1/32 would save ~6 MB
 * (65 bytes a company) over 1/256, but then lists of up to 3,500 entries
 * are turned into bitsets on every query of them (queries 20–40% slower).
 */
const DENSE_SHARE = 1 / 256;
const DENSE_AT_LEAST = 64;

/**
 * The companies holding one lexeme, by level. A rare lexeme keeps a list
 * of `slot * 4 + level - 1`, unordered (a company is unlinked by a linear
 * find and a swap with the last entry); past DENSE_SHARE of the slots it
 * becomes a bitset per level it has.
 */
class Posting {
  /** Companies that hold it. */
  size = 0;
  /** How many at each level (levelSizes[level - 1]; a query skips the empty ones). */
  readonly levelSizes = [0, 0, 0, 0];
  /** While rare: the entries, the first `size` used. */
  entries: Int32Array | null = new Int32Array(4);
  /** Once frequent: levels[level - 1], null for a level none of its companies has had. */
  levels: Array<Bits | null> | null = null;
  /** Once frequent: every slot of `levels` (the one level's own bitset while it has only one). */
  any: Bits | null = null;

  /** The entry of `slot` in `entries`, or -1. */
  entryOf(slot: number): number {
    const entries = this.entries;
    if (entries === null) return -1;
    for (let at = 0; at < this.size; at += 1) if (entries[at]! >>> 2 === slot) return at;
    return -1;
  }

  /** `slot`'s level (0: not held). */
  levelOf(slot: number): number {
    if (this.entries !== null) {
      const at = this.entryOf(slot);
      return at < 0 ? 0 : (this.entries[at]! & 3) + 1;
    }
    for (let level = LEVELS; level >= 1; level -= 1) {
      const bits = this.levels?.[level - 1] ?? null;
      if (bits !== null && hasBit(bits, slot)) return level;
    }
    return 0;
  }

  add(slot: number, level: number, words: number): void {
    this.size += 1;
    this.levelSizes[level - 1] = (this.levelSizes[level - 1] ?? 0) + 1;
    if (this.entries === null) {
      this.setDense(slot, level, words);
      return;
    }
    if (this.size > this.entries.length) this.entries = grownInts(this.entries, Math.ceil(this.entries.length * 1.5) + 4);
    this.entries[this.size - 1] = slot * 4 + level - 1;
    if (this.size < Math.max(DENSE_AT_LEAST, words * 32 * DENSE_SHARE)) return;
    // Frequent now: one bitset per level.
    const entries = this.entries.subarray(0, this.size);
    this.entries = null;
    this.levels = [null, null, null, null];
    for (const entry of entries) this.setDense(entry >>> 2, (entry & 3) + 1, words);
  }

  private setDense(slot: number, level: number, words: number): void {
    const levels = this.levels as Array<Bits | null>;
    let bits = levels[level - 1] ?? null;
    if (bits === null) {
      const had = levels.filter((other) => other !== null).length;
      bits = new Uint32Array(words);
      levels[level - 1] = bits;
      // One level: `any` is that level's bitset; a second one gets its own.
      if (had === 0) this.any = bits;
      else if (had === 1) this.any = (this.any as Bits).slice();
    }
    setBit(bits, slot);
    if (this.any !== bits) setBit(this.any as Bits, slot);
  }

  remove(slot: number): void {
    let level: number;
    if (this.entries !== null) {
      const at = this.entryOf(slot);
      if (at < 0) return;
      level = (this.entries[at]! & 3) + 1;
      this.entries[at] = this.entries[this.size - 1]!;
    } else {
      level = this.levelOf(slot);
      if (level === 0) return;
      clearBit(this.levels?.[level - 1] as Bits, slot);
      if (this.any !== null) clearBit(this.any, slot);
    }
    this.size -= 1;
    this.levelSizes[level - 1] = (this.levelSizes[level - 1] ?? 1) - 1;
  }

  grow(words: number): void {
    if (this.levels === null) return;
    const shared = this.any !== null && this.levels.includes(this.any);
    this.levels = this.levels.map((bits) => (bits === null ? null : grown(bits, words)));
    this.any = shared ? this.levels.find((bits) => bits !== null)! : grown(this.any as Bits, words);
  }

  clear(): void {
    this.size = 0;
    this.levelSizes.fill(0);
    this.entries = new Int32Array(4);
    this.levels = null;
    this.any = null;
  }
}

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

/** A listed company as the index keeps it: its card's text, its filter values, its lexemes with their levels. */
interface Listing {
  readonly id: number;
  readonly humanId: string;
  readonly pictureUrl: string | null;
  readonly description: string | null;
  /** namesKey of the names that mask `description`; null once it is masked (or when there is none). */
  readonly names: string | null;
  readonly filters: ReadonlyMap<Filter, ReadonlyArray<number>>;
  readonly lexemes: ReadonlyArray<number>;
  readonly levels: ReadonlyArray<number>;
}

export interface PageOfMatches {
  /** The page's companies, in display order. */
  readonly companies: ReadonlyArray<{ readonly id: number }>;
  /** Matches counted, exact; the listing says "más de 1,000" past TOTAL_COUNT_CAP. */
  readonly counted: number;
}

/** A word's companies by their best level (levels[level - 1]; null: none at that level). */
type WordLevels = ReadonlyArray<Bits | null>;

/**
 * Serialized cards kept, the most recently shown (~9 MB, whatever the
 * number of companies). Building one costs ~4 µs (0.03–0.05 ms of a
 * listing's ~0.1 ms); the benchmark's 2,267 listings show 9,586 companies.
 */
const CARDS_KEPT = 16_384;
/** Typo corrections kept between writes (a few hundred kB at most). */
const CORRECTIONS_KEPT = 4_096;

export class SearchIndex {
  /** Slots used; ids ascend with them. */
  private slots = 0;
  /** Bitset length in 32-bit words; the slot arrays hold words * 32. */
  private words = 0;
  private idAt = new Int32Array(0);
  private listed: Bits = new Uint32Array(0);
  private listedCount = 0;
  /** Null where it is the one derived from the id (humanIdFor), as for every company Puente creates. */
  private readonly humanIdAt: Array<string | null> = [];
  private readonly pictureAt: Array<string | null> = [];
  /** Card descriptions, off the JavaScript heap (./text-pool.ts); masked in place the first time shown. */
  private readonly descriptionAt = new TextPool();
  private readonly namesAt: Array<string | null> = [];
  /**
   * Each slot's lexeme ids (to unlink it): termCount[slot] of them from
   * termStart[slot] in one shared pool, 2 bytes an id while there are at most
   * 65,536 lexemes (~300 bytes a company at 100,000 as 4-byte ids).
   */
  private termStart = new Int32Array(0);
  private termCount = new Int32Array(0);
  private termPool: Uint16Array | Int32Array = new Uint16Array(1024);
  private poolUsed = 0;
  /** Pool entries no slot points at any more (dropped when the pool is repacked). */
  private poolUnused = 0;
  private readonly filterBits = new Map<Filter, Map<number, Bits>>(FILTERS.map((filter) => [filter, new Map()]));
  /** Each filter's values with their bitsets, ascending (a card reads its ids back from them); rebuilt when a value or a bitset is new. */
  private readonly filterValueOrder = new Map<Filter, ReadonlyArray<readonly [number, Bits]>>();
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
  /**
   * Typo corrections asked for since the last write (a correction compares
   * the word with every vocabulary word of a near length: ~10 µs–0.1 ms).
   * Any write empties it: a new word or a company's lexemes change the
   * candidates or their frequencies.
   */
  private readonly corrections = new Map<string, string | null>();
  /** Scratch bitsets, reused by every query (queries run synchronously). */
  private scratch: Bits[] = [];
  /** Serialized cards by company id, most recently shown last, with the catalogue names they were built with. */
  private readonly cards = new Map<number, { readonly names: CatalogueNames; readonly json: string }>();

  /** Listed companies. */
  get size(): number {
    return this.listedCount;
  }

  has(id: number): boolean {
    const slot = this.slotOf(id);
    return slot >= 0 && hasBit(this.listed, slot);
  }

  /** The slot of `id`, or -1 (ids ascend with slots). */
  private slotOf(id: number): number {
    let low = 0;
    let high = this.slots;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.idAt[middle]! < id) low = middle + 1;
      else high = middle;
    }
    return low < this.slots && this.idAt[low] === id ? low : -1;
  }

  private get newestId(): number {
    return this.slots === 0 ? 0 : this.idAt[this.slots - 1]!;
  }

  // --- Writes (SearchIndexSync) -------------------------------------------------

  /** Add a vocabulary word with its lexeme (null for a stop word). */
  addWord(word: string, stem: string | null): void {
    if (this.stems.has(word)) return;
    this.stems.set(word, stem);
    this.wordsSorted = false;
    this.forgetCorrections();
  }

  /** Room for this many companies at once, and a few more (a load knows how many it will reserve; growing copies every bitset). */
  makeRoom(companies: number): void {
    const words = Math.ceil((companies * 1.03) / 32);
    if (words > this.words) this.grow(words);
  }

  /** Give companies that are not listed their place (ids ascending, above every known id), so listing them later keeps the id order. */
  reserve(ids: ReadonlyArray<number>): void {
    const fresh = ids.filter((id) => this.slotOf(id) < 0);
    if (this.slots + fresh.length > this.words * 32) {
      // An eighth to spare: growing copies every bitset.
      this.grow(Math.max(64, Math.ceil(((this.slots + fresh.length) * 1.125) / 32)));
    }
    for (const id of fresh) {
      if (id < this.newestId) throw new Error("SearchIndex.reserve: ids must ascend");
      this.idAt[this.slots] = id;
      this.humanIdAt.push(null);
      this.pictureAt.push(null);
      this.namesAt.push(null);
      this.slots += 1;
    }
  }

  /** Add or replace a listed company. */
  upsert(company: IndexedCompany): void {
    const listing = this.listingOf(company);
    let slot = this.slotOf(company.id);
    if (slot < 0) {
      if (company.id < this.newestId) {
        // A company the index never saw, older than the newest one (two
        // creations committed out of order): re-lay the slots in id order.
        this.relayout(listing);
        return;
      }
      this.reserve([company.id]);
      slot = this.slots - 1;
    } else {
      this.unlink(slot);
    }
    this.link(slot, listing);
  }

  /** A company that is not listed (unlisted, deleted, or new and not yet published): out of the results, its place kept. */
  unlist(id: number): void {
    const slot = this.slotOf(id);
    if (slot >= 0) this.unlink(slot);
    else if (id > this.newestId) this.reserve([id]);
  }

  private grow(words: number): void {
    this.words = words;
    const capacity = words * 32;
    this.idAt = grownInts(this.idAt, capacity);
    this.termStart = grownInts(this.termStart, capacity);
    this.termCount = grownInts(this.termCount, capacity);
    this.descriptionAt.grow(capacity);
    this.listed = grown(this.listed, words);
    for (const values of this.filterBits.values()) for (const [value, bits] of values) values.set(value, grown(bits, words));
    this.filterValueOrder.clear();
    for (const posting of this.postings) posting.grow(words);
    this.scratch = [];
  }

  /** What the index keeps of a company: its card's strings, its filter values, its document's lexemes (interned). */
  private listingOf(company: IndexedCompany): Listing {
    const lexemes: number[] = [];
    const levels: number[] = [];
    forEachLexeme(company.document, (lexeme, level) => {
      let id = this.lexemeIds.get(lexeme);
      if (id === undefined) {
        id = this.postings.length;
        const own = ownCopy(lexeme);
        this.lexemeIds.set(own, id);
        this.lexemeById.push(own);
        this.postings.push(new Posting());
        this.lexemesSorted = false;
      }
      lexemes.push(id);
      levels.push(level);
    });
    return {
      id: company.id,
      humanId: company.humanId,
      pictureUrl: company.pictureUrl,
      description: company.shortDescription,
      // Most descriptions hold neither a name nor a contact detail: they are public as written, and
      // their names are not kept (~90 bytes a company).
      names: mayNeedMasking(company.shortDescription, company.companyNames) ? namesKey(company.companyNames) : null,
      filters: new Map(FILTERS.map((filter) => [filter, filterValues(company, filter)])),
      lexemes,
      levels,
    };
  }

  private link(slot: number, listing: Listing): void {
    this.forgetCorrections();
    const { lexemes, levels } = listing;
    lexemes.forEach((id, at) => this.postings[id]?.add(slot, levels[at] ?? 1, this.words));
    this.storeTerms(slot, lexemes);
    for (const [filter, values] of listing.filters) {
      const bitsOf = this.filterBits.get(filter) as Map<number, Bits>;
      for (const value of values) {
        let bits = bitsOf.get(value);
        if (bits === undefined) {
          bits = new Uint32Array(this.words);
          bitsOf.set(value, bits);
          this.filterValueOrder.delete(filter);
        }
        setBit(bits, slot);
      }
    }
    setBit(this.listed, slot);
    this.humanIdAt[slot] = listing.humanId === humanIdFor(listing.id) ? null : listing.humanId;
    this.pictureAt[slot] = listing.pictureUrl;
    this.descriptionAt.set(slot, listing.description);
    this.namesAt[slot] = listing.names;
    this.listedCount += 1;
    this.cards.delete(listing.id);
  }

  /** A slot's lexeme ids at the end of the pool (the slot holds none: new, or unlinked). */
  private storeTerms(slot: number, lexemes: ReadonlyArray<number>): void {
    const narrow = this.termPool instanceof Uint16Array && this.postings.length > 0x10000;
    if (this.poolUsed + lexemes.length > this.termPool.length || narrow) this.repackPool(lexemes.length);
    this.termPool.set(lexemes, this.poolUsed);
    this.termStart[slot] = this.poolUsed;
    this.termCount[slot] = lexemes.length;
    this.poolUsed += lexemes.length;
  }

  /** A new pool with room for `extra` more ids (a quarter to spare), 4-byte ids past 65,536 lexemes, the unused entries dropped. */
  private repackPool(extra: number): void {
    const live = this.poolUsed - this.poolUnused;
    // While loading, the slots reserved (makeRoom) tell how many companies are coming: room for all of
    // them at the average so far, so that a million companies repack a few times, not forty (each
    // repack holds two pools at once and copies every id).
    const expected = this.listedCount === 0 ? 0 : (live / this.listedCount) * this.words * 32;
    const length = Math.max(1024, Math.ceil((live + extra) * 1.25), Math.ceil(expected));
    const pool = this.postings.length > 0x10000 ? new Int32Array(length) : new Uint16Array(length);
    if (this.poolUnused === 0) {
      pool.set(this.termPool.subarray(0, this.poolUsed));
      this.termPool = pool;
      return;
    }
    let used = 0;
    for (let slot = 0; slot < this.slots; slot += 1) {
      const count = this.termCount[slot]!;
      const start = this.termStart[slot]!;
      pool.set(this.termPool.subarray(start, start + count), used);
      this.termStart[slot] = used;
      used += count;
    }
    this.termPool = pool;
    this.poolUsed = used;
    this.poolUnused = 0;
  }

  private termsOf(slot: number): Uint16Array | Int32Array {
    const start = this.termStart[slot]!;
    return this.termPool.subarray(start, start + this.termCount[slot]!);
  }

  private unlink(slot: number): void {
    this.forgetCorrections();
    if (!hasBit(this.listed, slot)) return;
    clearBit(this.listed, slot);
    this.listedCount -= 1;
    this.cards.delete(this.idAt[slot]!);
    for (const bitsOf of this.filterBits.values()) for (const bits of bitsOf.values()) clearBit(bits, slot);
    for (const id of this.termsOf(slot)) this.postings[id]?.remove(slot);
    this.poolUnused += this.termCount[slot]!;
    this.termCount[slot] = 0;
    this.humanIdAt[slot] = null;
    this.pictureAt[slot] = null;
    this.descriptionAt.set(slot, null);
    this.namesAt[slot] = null;
  }

  /** A listed slot as it was linked (for relayout). */
  private listingAt(slot: number): Listing {
    const lexemes = [...this.termsOf(slot)];
    return {
      id: this.idAt[slot]!,
      humanId: this.humanIdAt[slot] ?? humanIdFor(this.idAt[slot]!),
      pictureUrl: this.pictureAt[slot] ?? null,
      description: this.descriptionAt.get(slot),
      names: this.namesAt[slot] ?? null,
      filters: new Map(FILTERS.map((filter) => [filter, this.filterValuesAt(filter, slot)])),
      lexemes,
      levels: lexemes.map((id) => this.postings[id]?.levelOf(slot) ?? 1),
    };
  }

  /** A filter's values with their bitsets, ascending. */
  private valuesOf(filter: Filter): ReadonlyArray<readonly [number, Bits]> {
    let values = this.filterValueOrder.get(filter);
    if (values === undefined) {
      values = [...(this.filterBits.get(filter) ?? [])].sort(([a], [b]) => a - b);
      this.filterValueOrder.set(filter, values);
    }
    return values;
  }

  /** A slot's values of a filter, read back from the filter's bitsets (ascending). */
  private filterValuesAt(filter: Filter, slot: number): number[] {
    const values: number[] = [];
    for (const [value, bits] of this.valuesOf(filter)) if (hasBit(bits, slot)) values.push(value);
    return values;
  }

  /** A slot's value of a filter of one value per company (null: none). */
  private filterValueAt(filter: Filter, slot: number): number | null {
    for (const [value, bits] of this.valuesOf(filter)) if (hasBit(bits, slot)) return value;
    return null;
  }

  /** Rebuild every slot in id order with `joining` among them (rare: see upsert). */
  private relayout(joining: Listing): void {
    const known: Array<{ readonly id: number; readonly listing: Listing | null }> = [];
    for (let slot = 0; slot < this.slots; slot += 1) {
      known.push({ id: this.idAt[slot]!, listing: hasBit(this.listed, slot) ? this.listingAt(slot) : null });
    }
    known.push({ id: joining.id, listing: joining });
    known.sort((a, b) => a.id - b.id);
    this.slots = 0;
    this.words = 0;
    this.idAt = new Int32Array(0);
    this.listed = new Uint32Array(0);
    this.listedCount = 0;
    this.humanIdAt.length = 0;
    this.pictureAt.length = 0;
    this.descriptionAt.clear();
    this.namesAt.length = 0;
    this.termStart = new Int32Array(0);
    this.termCount = new Int32Array(0);
    this.termPool = new Uint16Array(1024);
    this.poolUsed = 0;
    this.poolUnused = 0;
    for (const values of this.filterBits.values()) values.clear();
    this.filterValueOrder.clear();
    for (const posting of this.postings) posting.clear();
    this.cards.clear();
    this.scratch = [];
    this.reserve(known.map(({ id }) => id));
    known.forEach(({ listing }, slot) => {
      if (listing !== null) this.link(slot, listing);
    });
  }

  // --- Reads ------------------------------------------------------------------------

  private scratchBits(count: number): Bits[] {
    while (this.scratch.length < count) this.scratch.push(new Uint32Array(this.words));
    return this.scratch;
  }

  /** The listing's matches for one page, in display order (filters must be checked already). */
  pageOf(query: CompanyListQuery): PageOfMatches {
    const { slots, counted } = this.pageSlots(query);
    return { companies: slots.map((slot) => ({ id: this.idAt[slot]! })), counted };
  }

  /** pageOf as slots. */
  private pageSlots(query: CompanyListQuery): { readonly slots: ReadonlyArray<number>; readonly counted: number } {
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
      if (bits === undefined) return { slots: [], counted: 0 };
      sets.push(bits);
    }
    // A reference code: that company, when listed and within the filters, first; alone, the whole answer.
    const pinned = search?.reference === null || search?.reference === undefined ? undefined : this.slotOf(search.reference);
    const pin = pinned !== undefined && pinned >= 0 && sets.every((bits) => hasBit(bits, pinned)) ? pinned : null;
    const resolved = search === null ? [] : this.resolve(search.groups);
    if (search !== null && search.reference !== null && (resolved === null || resolved.length === 0)) {
      return { slots: pin !== null && offset === 0 ? [pin] : [], counted: pin === null ? 0 : 1 };
    }
    if (resolved === null) return { slots: [], counted: 0 };
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
    // The listed companies last: the words' and filters' sets are sparser, and a machine word
    // that is already empty skips the sets after it.
    sets.push(sets.shift() as Bits);
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
        this.rankedByLevels(matches, levelsOfWord, end, slots, counted);
      } else {
        this.rankedByBuckets(matches, levelsOfWord, end, slots);
      }
    }
    return { slots: slots.slice(offset, end), counted };
  }

  /**
   * The first `end` matches by score (the sum of each word's level), newest
   * first within a score: for each score from the best down, the slots whose
   * levels add up to it are an OR of ANDs of the words' level bitsets,
   * computed a machine word at a time from the newest and stopped as soon as
   * the page is full (a first page of "tecnología" reads a few words of it).
   */
  private rankedByLevels(matches: Bits, levelsOfWord: ReadonlyArray<WordLevels>, end: number, slots: number[], counted: number): void {
    const count = levelsOfWord.length;
    // Few matches: the machine words that hold one, newest first, listed once, instead of reading
    // every machine word again for each score (a million companies are 31,250 of them).
    const occupied = counted * 8 < this.words ? occupiedWords(matches, this.words) : null;
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
          const bits = levelsOfWord[word]?.[level - 1] ?? null;
          // A level the word's lexeme never had: no slot there.
          if (rest < remaining || rest > remaining * LEVELS || bits === null) continue;
          chosen[word] = bits;
          choose(word + 1, rest);
        }
      };
      choose(0, score);
      if (tuples.length === 0) continue;
      const steps = occupied === null ? this.words : occupied.length;
      for (let step = 0; step < steps && slots.length < end; step += 1) {
        const at = occupied === null ? this.words - 1 - step : occupied[step]!;
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
  private rankedByBuckets(matches: Bits, levelsOfWord: ReadonlyArray<WordLevels>, end: number, slots: number[]): void {
    const buckets: number[][] = [];
    forEachSlotDescending(matches, this.words, (slot) => {
      let score = 0;
      for (const levels of levelsOfWord) {
        let level = LEVELS;
        for (let bits = levels[level - 1] ?? null; level > 1 && (bits === null || !hasBit(bits, slot)); bits = levels[level - 1] ?? null) level -= 1;
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
  private wordLevels(group: ResolvedGroup, scratch: ReadonlyArray<Bits>): { levels: WordLevels; any: Bits } {
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
      if (posting.entries !== null) {
        const entries = posting.entries;
        for (let at = 0; at < posting.size; at += 1) setBit(levels[entries[at]! & 3] as Bits, entries[at]! >>> 2);
      } else {
        for (let level = 0; level < LEVELS; level += 1) {
          const bits = posting.levels?.[level] ?? null;
          if (bits !== null && posting.levelSizes[level] !== 0) orInto(levels[level] as Bits, bits, words);
        }
      }
    }
    const lowestBits = levels[LOWEST_LEVEL - 1] as Bits;
    for (const id of lowest) {
      const posting = this.postings[id];
      if (posting === undefined || posting.size === 0) continue;
      if (posting.entries !== null) for (let at = 0; at < posting.size; at += 1) setBit(lowestBits, posting.entries[at]! >>> 2);
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
    const { slots, counted } = this.pageSlots(query);
    const response: Omit<CompanyListResponse, "items"> = {
      total: Math.min(counted, TOTAL_COUNT_CAP),
      total_capped: counted > TOTAL_COUNT_CAP,
      page: query.page ?? 1,
      per_page: query.per_page ?? DEFAULT_PAGE_SIZE,
    };
    const items = slots.map((slot) => this.cardJson(slot, names)).join(",");
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
      const slot = this.slotOf(id);
      return slot >= 0 && hasBit(this.listed, slot) ? [{ id, slot }] : [];
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

  private cardJson(slot: number, names: CatalogueNames): string {
    const id = this.idAt[slot]!;
    const cached = this.cards.get(id);
    if (cached !== undefined && cached.names === names) {
      // Most recently shown last.
      this.cards.delete(id);
      this.cards.set(id, cached);
      return cached.json;
    }
    const json = JSON.stringify(this.cardAt(slot, names));
    this.cards.delete(id);
    this.cards.set(id, { names, json });
    if (this.cards.size > CARDS_KEPT) this.cards.delete(this.cards.keys().next().value as number);
    return json;
  }

  /** A slot's description with its company's names and contact details masked (masked once, then only that kept). */
  private maskedDescription(slot: number): string | null {
    const names = this.namesAt[slot] ?? null;
    if (names !== null) {
      this.descriptionAt.set(slot, maskDescription(this.descriptionAt.get(slot), namesOf(names)));
      this.namesAt[slot] = null;
    }
    return this.descriptionAt.get(slot);
  }

  /**
   * A listed slot's card, as cardOf (./list-companies.ts) builds it from
   * the company's row, fields in the same order (the JSON is the same, byte
   * for byte): its catalogue ids are read back from the filter bitsets.
   */
  private cardAt(slot: number, names: CatalogueNames): CompanyCard {
    const one = (filter: Filter): number | null => this.filterValueAt(filter, slot);
    return {
      id: this.idAt[slot]!,
      human_id: this.humanIdAt[slot] ?? humanIdFor(this.idAt[slot]!),
      picture_url: this.pictureAt[slot] ?? null,
      short_description: this.maskedDescription(slot),
      verification_level: requiredItemOf(names, "verification_levels", one("verification_level_id") ?? 0),
      company_type: itemOf(names, "company_types", one("company_type_id")),
      state: itemOf(names, "states", one("state_id")),
      yearly_sales_range: itemOf(names, "yearly_sales_ranges", one("sales_range_id")),
      ebitda_range: itemOf(names, "ebitda_ranges", one("ebitda_id")),
      interests: itemsOf(names, "interests", this.filterValuesAt("interest_id", slot)),
      industries: itemsOf(names, "industries", this.filterValuesAt("industry_id", slot)),
    };
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
    const known = this.corrections.get(word);
    if (known !== undefined) return known;
    const found = this.nearestWord(word);
    // Bounded: a script typing random words fills it at most this far.
    if (this.corrections.size >= CORRECTIONS_KEPT) this.corrections.clear();
    this.corrections.set(word, found);
    return found;
  }

  private forgetCorrections(): void {
    if (this.corrections.size > 0) this.corrections.clear();
  }

  private nearestWord(word: string): string | null {
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
   * are bitsets, rare ones lists), typo corrections, the filters' sizes, the
   * matches and the ranking used.
   */
  /** Where the index's bytes are, roughly (strings as one byte a character plus a header), for the benchmark's report. */
  memoryParts(): Readonly<Record<string, number>> {
    let denseBitsets = 0;
    let denseLexemes = 0;
    let lists = 0;
    for (const posting of this.postings) {
      if (posting.entries !== null) lists += posting.entries.byteLength;
      else {
        denseLexemes += 1;
        const held = new Set([...(posting.levels ?? []), posting.any].filter((bits) => bits !== null));
        for (const bits of held) denseBitsets += bits.byteLength;
      }
    }
    let filterBitsets = 0;
    for (const values of this.filterBits.values()) for (const bits of values.values()) filterBitsets += bits.byteLength;
    const text = (values: ReadonlyArray<string | null>) => values.reduce((sum, value) => sum + (value === null ? 8 : 24 + value.length), 0);
    return {
      denseLexemes,
      denseBitsets,
      lists,
      termPool: this.termPool.byteLength + this.termStart.byteLength + this.termCount.byteLength,
      filterBitsets,
      slots: this.idAt.byteLength + this.listed.byteLength,
      descriptions: this.descriptionAt.byteLength,
      names: text(this.namesAt),
      humanIds: text(this.humanIdAt),
      pictures: text(this.pictureAt),
    };
  }

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
        `word "${group.typed}"${corrected === null ? "" : ` → typo of "${corrected}"`}: ${lexemes.length} lexeme(s) ${shown.join(" ")}${lexemes.length > 4 ? " …" : ""}; ${dense} as bitsets, ${lexemes.length + lowest.length - dense} as lists${also.length > 0 ? `; ${also.join("; ")}` : ""}`,
      );
    }
    for (const word of search?.dropped ?? []) lines.push(`word "${word}": stop word, dropped`);
    for (const filter of FILTERS) {
      const value = query[filter];
      if (value === undefined) continue;
      const bits = this.filterBits.get(filter)?.get(value);
      lines.push(`filter ${filter}=${value}: ${bits === undefined ? 0 : this.count(bits)} companies (bitset)`);
    }
    const { counted } = this.pageSlots(query);
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
