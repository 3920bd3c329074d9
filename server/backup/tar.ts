/**
 * The few parts of POSIX ustar a backup needs: regular files with short,
 * checked names, written and read as streams (no dependency for 150 lines,
 * and a reader that refuses anything else rather than interpret it: links,
 * devices, absolute paths and `..` never reach the disk).
 */

const BLOCK = 512;
/** 11 octal digits in the size field. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

export interface TarEntry {
  readonly name: string;
  readonly bytes: Buffer;
}

/** Why an archive was refused: the caller turns it into the operator's message. */
export class TarFormatError extends Error {}

const writeString = (block: Buffer, offset: number, length: number, value: string) => {
  const bytes = Buffer.from(value, "utf8");
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  bytes.copy(block, offset);
};

const writeOctal = (block: Buffer, offset: number, length: number, value: number) => {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
};

const checksumOf = (block: Buffer): number => {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum;
};

function headerFor(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_ENTRY_BYTES) throw new Error(`tar entry too large: ${name} (${size} bytes)`);
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write("0", 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  writeString(block, 148, 8, `${checksumOf(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** The archive's bytes, entry by entry, ending with the two zero blocks; pipe it through gzip to a file. */
export async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime: Date): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield headerFor(entry.name, entry.bytes.length, mtime);
    yield entry.bytes;
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Bytes pulled from a stream on demand. */
class Reader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Exactly `length` bytes, or null when the stream ends first. */
  async take(length: number): Promise<Buffer | null> {
    while (this.buffered < length) {
      const next = await this.iterator.next();
      if (next.done === true) return null;
      this.chunks.push(next.value);
      this.buffered += next.value.length;
    }
    const all = this.chunks.length === 1 ? (this.chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(this.chunks);
    this.chunks = all.length > length ? [all.subarray(length)] : [];
    this.buffered = all.length - length;
    return all.subarray(0, length);
  }

  /** Read to the end (gzip checks its CRC only there); padding after the end marker is not looked at. */
  async drain(): Promise<void> {
    while ((await this.iterator.next()).done !== true) this.chunks = [];
  }
}

const readString = (block: Buffer, offset: number, length: number): string => {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
};

const readOctal = (block: Buffer, offset: number, length: number): number => {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]{1,12}$/.test(text)) throw new TarFormatError("a tar header field is not an octal number");
  return Number.parseInt(text, 8);
};

/**
 * The archive's regular files in order. `accept(name, size)` is asked
 * before an entry's bytes are read: it throws to refuse a name or a size.
 * Throws TarFormatError on anything that is not a plain ustar file.
 */
export async function* readTar(source: AsyncIterable<Buffer>, accept: (name: string, size: number) => void): AsyncGenerator<TarEntry> {
  const reader = new Reader(source);
  for (;;) {
    const header = await reader.take(BLOCK);
    if (header === null) throw new TarFormatError("the archive ends before its end marker");
    if (header.every((byte) => byte === 0)) {
      await reader.drain();
      return;
    }
    if (header.toString("ascii", 257, 262) !== "ustar") throw new TarFormatError("not a ustar archive");
    if (readOctal(header, 148, 8) !== checksumOf(header)) throw new TarFormatError("a tar header's checksum does not match");
    const type = header.toString("ascii", 156, 157);
    if (type !== "0" && type !== "\0") throw new TarFormatError(`an entry that is not a regular file (type ${JSON.stringify(type)})`);
    const prefix = readString(header, 345, 155);
    const name = prefix === "" ? readString(header, 0, 100) : `${prefix}/${readString(header, 0, 100)}`;
    const size = readOctal(header, 124, 12);
    accept(name, size);
    const bytes = await reader.take(size);
    if (bytes === null) throw new TarFormatError("the archive ends inside an entry");
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0 && (await reader.take(padding)) === null) throw new TarFormatError("the archive ends inside an entry");
    // A copy: the reader's buffer is reused.
    yield { name, bytes: Buffer.from(bytes) };
  }
}
