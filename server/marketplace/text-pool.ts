/**
 * One text (or none) per slot, kept as UTF-8 in one shared byte array
 * instead of a JavaScript string each: the search index's card
 * descriptions (~170 bytes a company). Off the JavaScript heap, a million of
 * them cost their bytes and nothing else, and the garbage collector neither
 * walks them nor sizes the heap after them (the heap grew to about twice
 * its live size while a million companies loaded: docs/performance/marketplace.md).
 * A text is decoded again each time it is read: ~1 µs, once per card built.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** UTF-8 takes at most three bytes per UTF-16 unit. */
const MAX_BYTES_PER_UNIT = 3;
const ABSENT = -1;

export class TextPool {
  private bytes = new Uint8Array(0);
  /** Bytes written so far; those of texts replaced since are `unused` (a repack drops them). */
  private used = 0;
  private unused = 0;
  private start = new Int32Array(0);
  /** Each slot's text's bytes, ABSENT for none. */
  private length = new Int32Array(0);
  /** Slots holding a text. */
  private held = 0;

  /** Room for `slots` slots, each without a text until set. */
  grow(slots: number): void {
    if (slots <= this.length.length) return;
    const start = new Int32Array(slots);
    start.set(this.start);
    const length = new Int32Array(slots).fill(ABSENT);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  get(slot: number): string | null {
    const bytes = this.length[slot] ?? ABSENT;
    if (bytes === ABSENT) return null;
    const start = this.start[slot]!;
    return decoder.decode(this.bytes.subarray(start, start + bytes));
  }

  set(slot: number, text: string | null): void {
    const previous = this.length[slot] ?? ABSENT;
    if (previous !== ABSENT) {
      this.unused += previous;
      this.held -= 1;
      this.length[slot] = ABSENT;
    }
    if (text === null) return;
    const most = text.length * MAX_BYTES_PER_UNIT;
    if (this.used + most > this.bytes.length) this.repack(most);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.used));
    this.start[slot] = this.used;
    this.length[slot] = written;
    this.used += written;
    this.held += 1;
  }

  /** Every slot without a text, the bytes kept (SearchIndex's relayout sets them all again). */
  clear(): void {
    this.length.fill(ABSENT);
    this.used = 0;
    this.unused = 0;
    this.held = 0;
  }

  /** The bytes held, for the benchmark's report. */
  get byteLength(): number {
    return this.bytes.byteLength + this.start.byteLength + this.length.byteLength;
  }

  /**
   * A new array with room for `extra` more bytes (a quarter to spare), the
   * unused bytes dropped. While the slots fill up (a load), room for all of
   * them at the average so far: a million texts repack a few times, not
   * forty (each repack holds two arrays at once and copies every byte).
   */
  private repack(extra: number): void {
    const live = this.used - this.unused;
    const expected = this.held === 0 ? 0 : (live / this.held) * this.length.length;
    const bytes = new Uint8Array(Math.max(4096, Math.ceil((live + extra) * 1.25), Math.ceil(expected)));
    let used = 0;
    for (let slot = 0; slot < this.length.length; slot += 1) {
      const length = this.length[slot]!;
      if (length === ABSENT) continue;
      const start = this.start[slot]!;
      bytes.set(this.bytes.subarray(start, start + length), used);
      this.start[slot] = used;
      used += length;
    }
    this.bytes = bytes;
    this.used = used;
    this.unused = 0;
  }
}
