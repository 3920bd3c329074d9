/**
 * Serialized marketplace answers, keyed by the marketplace version and the
 * normalized query. A write to companies (or the catalogues they show) raises
 * the version, so an entry is never served after the data it was built from
 * changed: readers see the new version in the same moment they could see
 * the new rows (the bump commits with them).
 *
 * Bounded LRU (Map insertion order); cleared whenever the version moves.
 */
export class ResultCache {
  private version = -1;
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries = 2000) {}

  get(version: number, key: string): string | undefined {
    if (version !== this.version) return undefined;
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(version: number, key: string, value: string): void {
    // An answer computed for an older version is dropped, a newer one resets the cache.
    if (version < this.version) return;
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
