import { CATALOGUE_PATHS, type CatalogueItem, type CataloguePath } from "../../contracts/catalogues.ts";
import type { ErrorCase } from "../../contracts/endpoint.ts";
import { readMarketplaceVersion } from "../db/data-version.ts";
import type { Database } from "../db/open.ts";
import { HttpError } from "../http/errors.ts";
import { CATALOGUES } from "./registry.ts";

/**
 * Every catalogue's names, held in memory and reloaded when the marketplace
 * version moves (any write to a catalogue bumps it: migrations 0004, 0009).
 * Cards and profiles then need only ids from SQL, and chosen ids (filters,
 * sign-up and contact dropdowns) are checked without a query.
 */
export type CatalogueNames = ReadonlyMap<CataloguePath, ReadonlyMap<number, string>>;

async function loadAll(db: Database): Promise<CatalogueNames> {
  const maps = await Promise.all(
    CATALOGUE_PATHS.map(async (path) => {
      const { table } = CATALOGUES[path];
      const rows = await db.select({ id: table.id, name: table.name }).from(table);
      return [path, new Map(rows.map((row) => [row.id, row.name]))] as const;
    }),
  );
  return new Map(maps);
}

const nameOf = (names: CatalogueNames, catalogue: CataloguePath, id: number): string | undefined => names.get(catalogue)?.get(id);

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

/** `{id, name}` for an id of `catalogue`, or null when the id is null or unknown. */
export const itemOf = (names: CatalogueNames, catalogue: CataloguePath, id: number | null): CatalogueItem | null => {
  if (id === null) return null;
  const name = nameOf(names, catalogue, id);
  return name === undefined ? null : { id, name };
};

/** The item, or `{ id, name: "" }` for a required reference whose row is gone (never expected). */
export const requiredItemOf = (names: CatalogueNames, catalogue: CataloguePath, id: number): CatalogueItem =>
  itemOf(names, catalogue, id) ?? { id, name: "" };

/** `{id, name}` items for ids, in catalogue (id) order, unknown ids dropped. */
export const itemsOf = (names: CatalogueNames, catalogue: CataloguePath, ids: ReadonlyArray<number>): ReadonlyArray<CatalogueItem> =>
  ids
    .toSorted((a, b) => a - b)
    .flatMap((id) => {
      const name = nameOf(names, catalogue, id);
      return name === undefined ? [] : [{ id, name }];
    });

/** A chosen id that must exist in its catalogue, and the answer when it does not. */
export interface CatalogueChoice {
  readonly catalogue: CataloguePath;
  readonly id: number;
  readonly error: ErrorCase | string;
}

/**
 * The one check of chosen catalogue ids: the names of the choices, in order,
 * or the first missing one's error (a 400 when given as a message). Nothing
 * has been written when it throws.
 */
export function requireChoices(names: CatalogueNames, choices: ReadonlyArray<CatalogueChoice>): ReadonlyArray<string> {
  return choices.map(({ catalogue, id, error }) => {
    const name = nameOf(names, catalogue, id);
    if (name !== undefined) return name;
    throw typeof error === "string" ? new HttpError(400, error) : new HttpError(error.status, error.message);
  });
}
