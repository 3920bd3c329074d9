import { chmod, mkdir, rm } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { dirname, relative } from "node:path";

/**
 * PGlite is one process's database: a second process must never open the
 * directory the server has open. So a running server hands out the copy
 * itself (docs/decisions/042-backups.md): it listens on a Unix socket in a
 * directory only its owner can enter, and to each connection that writes
 * `dump\n` it answers one line of JSON (`{"bytes":N}` or `{"error":…}`)
 * and then PGlite's `dumpDataDir()`, which runs between two queries (under
 * PGlite's own query lock), so it is the state after the last commit.
 * The socket also says "a server runs on this data": restore refuses then.
 */

const REQUEST = "dump\n";
/** A dump of a large embedded database takes a while; a client that says nothing is dropped sooner. */
const REQUEST_TIMEOUT_MS = 5_000;

export interface BackupSocket {
  close(): Promise<void>;
}

export interface ServeBackupsOptions {
  readonly socketPath: string;
  /** PGlite's consistent copy of its data directory (an uncompressed tar). */
  readonly dumpDataDir: () => Promise<Blob>;
  readonly onError?: (error: unknown) => void;
}

/** sun_path holds 108 bytes on Linux and 104 on macOS, NUL included; a longer path is cut short silently. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * The address to bind or connect: the path, or the same file relative to
 * the working directory when the absolute path is too long for a socket
 * (`npm start` and `npm run backup` both run from the repository).
 */
export function socketAddress(socketPath: string): string {
  if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES) return socketPath;
  const nearer = relative(process.cwd(), socketPath);
  if (Buffer.byteLength(nearer) <= MAX_SOCKET_PATH_BYTES) return nearer;
  throw new Error(`the backup socket's path is too long for a Unix socket (${socketPath}): run from a folder nearer to it, or use a shorter data directory`);
}

const codeOf = (error: unknown): unknown => (typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined);

/** True when a process answers on `socketPath` (a server is serving that data). */
export function serverIsListening(socketPath: string): Promise<boolean> {
  const address = socketAddress(socketPath);
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", (error) => {
      const code = codeOf(error);
      if (code === "ENOENT" || code === "ECONNREFUSED") resolve(false);
      else reject(error);
    });
  });
}

/**
 * Listen on `socketPath` for dump requests. Refuses when another server
 * already answers there (two servers on one PGlite directory would corrupt
 * it); a socket file left by a process that died is replaced.
 */
export async function serveBackups(options: ServeBackupsOptions): Promise<BackupSocket> {
  const { socketPath, dumpDataDir, onError = () => undefined } = options;
  if (await serverIsListening(socketPath)) throw new Error(`another Puente server is serving this data directory (${socketPath} answers)`);
  await rm(socketPath, { force: true });
  // The directory is the lock on the door: a socket's own mode is not honoured everywhere.
  await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(dirname(socketPath), 0o700);

  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let received = "";
    socket.on("error", onError);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.length < REQUEST.length) return;
      socket.removeAllListeners("data");
      socket.setTimeout(0);
      if (received !== REQUEST) {
        socket.end(`${JSON.stringify({ error: "unknown request" })}\n`);
        return;
      }
      dumpDataDir()
        .then(async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          socket.write(`${JSON.stringify({ bytes: bytes.length })}\n`);
          socket.end(bytes);
        })
        .catch((error: unknown) => {
          onError(error);
          socket.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketAddress(socketPath), () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", onError);
  return {
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Ask the server on `socketPath` for its dump. Null when no server answers
 * there (the caller may then open the directory itself); throws when one
 * answers with an error or the answer is cut short.
 */
export function requestDump(socketPath: string): Promise<Buffer | null> {
  const address = socketAddress(socketPath);
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once("connect", () => {
      connected = true;
      socket.write(REQUEST);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", (error) => {
      const code = codeOf(error);
      if (!connected && (code === "ENOENT" || code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
    socket.once("end", () => {
      const answer = Buffer.concat(chunks);
      const newline = answer.indexOf(10);
      if (newline === -1) return reject(new Error("the server closed the backup socket without answering"));
      const head: unknown = JSON.parse(answer.subarray(0, newline).toString("utf8"));
      const bytes = typeof head === "object" && head !== null ? Reflect.get(head, "bytes") : undefined;
      const body = answer.subarray(newline + 1);
      if (typeof bytes !== "number") return reject(new Error(`the server could not dump its database: ${JSON.stringify(head)}`));
      if (body.length !== bytes) return reject(new Error(`the dump was cut short (${body.length} of ${bytes} bytes)`));
      resolve(body);
    });
  });
}
