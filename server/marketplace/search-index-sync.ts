import { sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { intOf, rowsOf, textOf, textOrNullOf, type Row } from "../db/rows.ts";
import { CARD_COLUMNS, cardSourceOf } from "./cards.ts";
import { SearchIndex, type IndexedCompany } from "./search-index.ts";

/**
 * Keeps a SearchIndex equal to the database, one per server process
 * (docs/decisions/024). Several processes behind a load balancer each keep
 * their own; none talks to another: the database is the only shared state.
 *
 * - `load()` (at start; or else the first listing) loads everything in one
 *   REPEATABLE READ snapshot and remembers it (`pg_current_snapshot()`) with
 *   the marketplace version. Companies are read LOAD_BATCH at a time in id
 *   order, and the event loop serves other requests between batches (health
 *   checks, other routes); listings wait for the whole index.
 * - A request that reads a newer version (server/db/data-version.ts: a write
 *   committed since) waits for a sync: the change-log rows
 *   (marketplace_changes, migration 0021) that the remembered snapshot did
 *   not see, then those companies' current rows, in one snapshot again.
 *   Transactions may commit in any order; a snapshot tells exactly which
 *   committed after it, so none is missed or applied twice.
 * - One sync at a time: requests that arrive meanwhile share the next one.
 * - Change-log rows older than CHANGE_LOG_DAYS are pruned; a process that
 *   has served no listing for half that long reloads everything instead.
 */

const CHANGE_LOG_DAYS = 1;
const FULL_RELOAD_AFTER_MS = (CHANGE_LOG_DAYS * 24 * 3_600_000) / 2;
const PRUNE_EVERY_MS = 3_600_000;
/**
 * Companies read per query while loading. Measured at 100,000: the event
 * loop waits at most ~0.2 s while a batch of 1,000 is linked (~0.35 s for
 * 2,000), and the whole load takes no longer than with bigger batches.
 */
const LOAD_BATCH = 1000;

/** A company's row as the index needs it (CARD_COLUMNS and the search document). */
const COMPANY_ROWS = sql`
  SELECT ${CARD_COLUMNS}, s.search_vector::text AS document
  FROM public.company_search s
  JOIN public.companies c ON c.id = s.company_id`;

/**
 * Every company's row in id order, from `after` on (keyset), the listed ones
 * (in company_search) with their card and document. The join repeats the
 * keyset: without it PostgreSQL merges with company_search from its first
 * row, every batch (1 s a batch at 1,000,000 companies instead of 13 ms).
 */
const loadRows = (after: number, batch: number) => sql`
  SELECT ${CARD_COLUMNS}, s.company_id IS NOT NULL AS listed, s.search_vector::text AS document
  FROM public.companies c
  LEFT JOIN public.company_search s ON s.company_id = c.id AND s.company_id > ${after}
  WHERE c.id > ${after}
  ORDER BY c.id
  LIMIT ${batch}`;

/** A vocabulary word's lexeme as pg_catalog.spanish makes it (null for a stop word). */
const WORD_STEM = sql`(SELECT min(l) FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.spanish', st.word))) AS l)`;

const indexedCompanyOf = (row: Row): IndexedCompany => ({
  ...cardSourceOf(row),
  document: textOf(row, "document"),
});

type Reader = Pick<Database, "execute">;

export interface SearchIndexSyncOptions {
  /** Companies per query while loading (LOAD_BATCH; tests use small ones). */
  readonly loadBatch?: number;
  /** Told after each batch of a load, with how many listed companies the new index holds so far. */
  readonly onLoadBatch?: (listed: number) => void;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Position {
  readonly version: number;
  readonly snapshot: string;
}

async function readPosition(tx: Reader): Promise<Position> {
  const [row] = rowsOf(
    await tx.execute(sql`SELECT version, pg_current_snapshot()::text AS snapshot FROM public.marketplace_state WHERE id = 1`),
  );
  return { version: row === undefined ? 0 : intOf(row, "version"), snapshot: row === undefined ? "" : textOf(row, "snapshot") };
}

export class SearchIndexSync {
  private index: SearchIndex | null = null;
  private position: Position | null = null;
  private syncedAt = 0;
  private prunedAt = 0;
  private syncing: Promise<void> | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
    private readonly options: SearchIndexSyncOptions = {},
  ) {}

  /**
   * Load the index (a server calls it at start, so that the first listing
   * finds it ready). Every call shares the first one's promise; after a
   * failure the next call tries again.
   */
  load(): Promise<void> {
    this.loading ??= this.at(0).then(
      () => undefined,
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** For the metrics: whether the index has loaded, and how many companies it holds. */
  stats(): { readonly loaded: boolean; readonly companies: number } {
    return { loaded: this.index !== null, companies: this.index?.size ?? 0 };
  }

  /** The index, with every write up to `version` in it (the version a request read when it arrived). */
  async at(version: number): Promise<SearchIndex> {
    // Two passes at most: a sync that began before the caller's version was
    // committed may end below it; the next one cannot.
    for (let pass = 0; pass < 2 && (this.index === null || (this.position?.version ?? -1) < version); pass += 1) {
      this.syncing ??= this.sync().finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
    if (this.index === null) throw new Error("the search index did not load");
    // Up to date as of now (no write since): the change log cannot hold anything unread that is old.
    if ((this.position?.version ?? -1) >= version) this.syncedAt = this.clock();
    return this.index;
  }

  private async sync(): Promise<void> {
    const stale = this.clock() - this.syncedAt > FULL_RELOAD_AFTER_MS;
    if (this.index === null || this.position === null || stale) await this.loadAll();
    else await this.applyChanges(this.position);
    this.syncedAt = this.clock();
    if (this.syncedAt - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = this.syncedAt;
      await this.db.execute(sql`DELETE FROM public.marketplace_changes WHERE at < now() - make_interval(days => ${CHANGE_LOG_DAYS})`);
    }
  }

  private async loadAll(): Promise<void> {
    const index = new SearchIndex();
    const batch = this.options.loadBatch ?? LOAD_BATCH;
    const position = await this.db.transaction(
      async (tx) => {
        const at = await readPosition(tx);
        const [counted] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS n FROM public.companies`));
        index.makeRoom(counted === undefined ? 0 : intOf(counted, "n"));
        for (const row of rowsOf(await tx.execute(sql`SELECT st.word, ${WORD_STEM} AS stem FROM public.search_terms st`))) {
          index.addWord(textOf(row, "word"), textOrNullOf(row, "stem"));
        }
        // `batch` companies at a time: every id takes its place (reserve),
        // the listed ones are linked. The next batch is asked for before this
        // one is linked, so PostgreSQL reads it meanwhile.
        let next: Promise<ReadonlyArray<Row>> | null = tx.execute(loadRows(0, batch)).then(rowsOf);
        while (next !== null) {
          const rows: ReadonlyArray<Row> = await next;
          const last = rows.at(-1);
          next = rows.length < batch || last === undefined ? null : tx.execute(loadRows(intOf(last, "id"), batch)).then(rowsOf);
          // Awaited on the next turn; a failure meanwhile is not "unhandled".
          next?.catch(() => undefined);
          index.reserve(rows.map((row) => intOf(row, "id")));
          for (const row of rows) if (row["listed"] === true) index.upsert(indexedCompanyOf(row));
          this.options.onLoadBatch?.(index.size);
          await yieldToEventLoop();
        }
        return at;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    this.index = index;
    this.position = position;
  }

  private async applyChanges(since: Position): Promise<void> {
    const index = this.index;
    if (index === null) return;
    const { position, changedIds, companies, words } = await this.db.transaction(
      async (tx) => {
        const at = await readPosition(tx);
        const changes = rowsOf(
          await tx.execute(sql`
            SELECT DISTINCT company_id, word FROM public.marketplace_changes
            WHERE txid >= pg_snapshot_xmin(${since.snapshot}::pg_snapshot)
              AND NOT pg_visible_in_snapshot(txid, ${since.snapshot}::pg_snapshot)`),
        );
        const ids = [...new Set(changes.flatMap((row) => (row["company_id"] === null ? [] : [intOf(row, "company_id")])))];
        const newWords = [...new Set(changes.flatMap((row) => textOrNullOf(row, "word") ?? []))];
        const idList = sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;
        const wordList = sql`ARRAY[${sql.join(newWords.map((word) => sql`${word}`), sql`, `)}]::text[]`;
        return {
          position: at,
          changedIds: ids,
          companies: ids.length === 0 ? [] : rowsOf(await tx.execute(sql`${COMPANY_ROWS} WHERE c.id = ANY(${idList}) ORDER BY c.id`)),
          words:
            newWords.length === 0
              ? []
              : rowsOf(await tx.execute(sql`SELECT st.word, ${WORD_STEM} AS stem FROM unnest(${wordList}) AS st(word)`)),
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    // Applied in one synchronous step: no query sees half of it.
    for (const row of words) index.addWord(textOf(row, "word"), textOrNullOf(row, "stem"));
    // In id order, so new companies take their places in order.
    const rowsById = new Map(companies.map((row) => [intOf(row, "id"), row]));
    for (const id of changedIds.toSorted((a, b) => a - b)) {
      const row = rowsById.get(id);
      if (row === undefined) index.unlist(id);
      else index.upsert(indexedCompanyOf(row));
    }
    this.position = position;
  }
}
