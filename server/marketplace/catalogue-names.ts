import type { CatalogueItem } from "../../contracts/catalogues.ts";
import type { Database } from "../db/open.ts";
import * as t from "../db/schema.ts";
import { readMarketplaceVersion } from "./version.ts";

/**
 * The catalogue names a card or profile shows, held in memory and reloaded
 * when the marketplace version moves (renaming a catalogue row bumps it).
 * Cards then need only ids from SQL, and filter ids are checked without a
 * query.
 */
export interface CatalogueNames {
  readonly industries: ReadonlyMap<number, string>;
  readonly interests: ReadonlyMap<number, string>;
  readonly states: ReadonlyMap<number, string>;
  readonly companyTypes: ReadonlyMap<number, string>;
  readonly verificationLevels: ReadonlyMap<number, string>;
  readonly ebitdaRanges: ReadonlyMap<number, string>;
  readonly yearlySalesRanges: ReadonlyMap<number, string>;
  readonly countries: ReadonlyMap<number, string>;
  readonly userCompanyRoles: ReadonlyMap<number, string>;
  readonly companyStatuses: ReadonlyMap<number, string>;
  readonly societies: ReadonlyMap<number, string>;
  readonly taxSystems: ReadonlyMap<number, string>;
}

type NamedTable =
  | typeof t.industries
  | typeof t.interests
  | typeof t.states
  | typeof t.companyTypes
  | typeof t.verificationLevels
  | typeof t.ebitdaRanges
  | typeof t.yearlySalesRanges
  | typeof t.countries
  | typeof t.userCompanyRoles
  | typeof t.companyStatuses
  | typeof t.societies
  | typeof t.taxSystems;

const load = async (db: Database, table: NamedTable): Promise<ReadonlyMap<number, string>> => {
  const rows = await db.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((row) => [row.id, row.name]));
};

async function loadAll(db: Database): Promise<CatalogueNames> {
  const [industries, interests, states, companyTypes, verificationLevels, ebitdaRanges, yearlySalesRanges, countries, userCompanyRoles, companyStatuses, societies, taxSystems] =
    await Promise.all([
      load(db, t.industries),
      load(db, t.interests),
      load(db, t.states),
      load(db, t.companyTypes),
      load(db, t.verificationLevels),
      load(db, t.ebitdaRanges),
      load(db, t.yearlySalesRanges),
      load(db, t.countries),
      load(db, t.userCompanyRoles),
      load(db, t.companyStatuses),
      load(db, t.societies),
      load(db, t.taxSystems),
    ]);
  return { industries, interests, states, companyTypes, verificationLevels, ebitdaRanges, yearlySalesRanges, countries, userCompanyRoles, companyStatuses, societies, taxSystems };
}

interface Cached {
  readonly version: number;
  readonly names: Promise<CatalogueNames>;
}

const cache = new WeakMap<Database, Cached>();

/** Names for the given marketplace version (read it first with readMarketplaceVersion). */
export function catalogueNamesAt(db: Database, version: number): Promise<CatalogueNames> {
  const cached = cache.get(db);
  if (cached !== undefined && cached.version === version) return cached.names;
  const names = loadAll(db);
  cache.set(db, { version, names });
  // A failed load must not stick: the next call tries again.
  names.catch(() => {
    if (cache.get(db)?.names === names) cache.delete(db);
  });
  return names;
}

export async function catalogueNames(db: Database): Promise<CatalogueNames> {
  return catalogueNamesAt(db, await readMarketplaceVersion(db));
}

/** `{id, name}` for an id, or null when the id is null or unknown. */
export const itemOf = (names: ReadonlyMap<number, string>, id: number | null): CatalogueItem | null => {
  if (id === null) return null;
  const name = names.get(id);
  return name === undefined ? null : { id, name };
};

/** `{id, name}` items for ids, in catalogue (id) order, unknown ids dropped. */
export const itemsOf = (names: ReadonlyMap<number, string>, ids: ReadonlyArray<number>): ReadonlyArray<CatalogueItem> =>
  ids
    .toSorted((a, b) => a - b)
    .flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
