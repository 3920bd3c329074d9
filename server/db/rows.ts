/**
 * Reading the rows of a raw `db.execute(sql)` on either driver: both
 * node-postgres and PGlite answer `{ rows }`. The accessors check each value's
 * type, so a changed query fails loudly instead of leaking `undefined`.
 */

export type Row = Readonly<Record<string, unknown>>;

export function rowsOf(result: unknown): ReadonlyArray<Row> {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows.filter((row): row is Row => typeof row === "object" && row !== null);
  }
  throw new Error("rowsOf: the driver answered without rows");
}

const fail = (key: string, value: unknown): never => {
  throw new Error(`column ${key}: unexpected value ${JSON.stringify(value)}`);
};

/** An integer column; int8/count arrive as strings from node-postgres. */
export function intOf(row: Row, key: string): number {
  const value = row[key];
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : fail(key, value);
}

export function boolOf(row: Row, key: string): boolean {
  const value = row[key];
  return typeof value === "boolean" ? value : fail(key, value);
}

export function intOrNullOf(row: Row, key: string): number | null {
  return row[key] === null || row[key] === undefined ? null : intOf(row, key);
}

export function textOf(row: Row, key: string): string {
  const value = row[key];
  return typeof value === "string" ? value : fail(key, value);
}

export function textOrNullOf(row: Row, key: string): string | null {
  const value = row[key];
  return value === null || value === undefined ? null : typeof value === "string" ? value : fail(key, value);
}

export function intArrayOf(row: Row, key: string): ReadonlyArray<number> {
  const value = row[key];
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) return fail(key, value);
  return value.map((item) => {
    const number = typeof item === "string" ? Number(item) : item;
    return typeof number === "number" && Number.isSafeInteger(number) ? number : fail(key, value);
  });
}
