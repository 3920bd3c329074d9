import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * PostgreSQL's LISTEN/NOTIFY for one database handle (server/db/open.ts),
 * on either driver: a `pg_notify` in a transaction reaches every listener
 * of every process when it commits, never when it rolls back.
 *
 * - PostgreSQL: one dedicated connection per handle (per process), outside
 *   the pool, opened on the first `listen`. When it is lost (a restart, an
 *   admin terminating it) listeners hear `onLost`, and it reconnects with a
 *   backoff and LISTENs again; then listeners hear `onRestored`
 *   (notifications sent in between were missed).
 * - PGlite: the embedded database's own `listen`; it is never lost.
 *
 * Any number of listeners in the process share the one LISTEN per channel.
 */

export interface NotificationListener {
  readonly onPayload: (payload: string) => void;
  /** The connection that LISTENs was lost: notifications may be missed until `onRestored`. */
  readonly onLost?: () => void;
  /** LISTENing again after a loss. */
  readonly onRestored?: () => void;
}

export interface NotificationSource {
  /** Listen on `channel` (a lowercase identifier); resolves once LISTEN is in force, with the way to stop. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** Stop every LISTEN and close the dedicated connection (the handle's close). */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`notification channel "${channel}" must be a lowercase identifier`);
}

/** Listeners by channel, shared by both drivers. */
class Channels {
  private readonly byChannel = new Map<string, Set<NotificationListener>>();

  add(channel: string, listener: NotificationListener): boolean {
    const set = this.byChannel.get(channel) ?? new Set();
    const first = set.size === 0;
    set.add(listener);
    this.byChannel.set(channel, set);
    return first;
  }

  /** True when the channel has no listener left. */
  remove(channel: string, listener: NotificationListener): boolean {
    const set = this.byChannel.get(channel);
    if (set === undefined) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  names(): ReadonlyArray<string> {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) listener.onPayload(payload);
  }

  each(call: (listener: NotificationListener) => void): void {
    for (const set of this.byChannel.values()) for (const listener of [...set]) call(listener);
  }
}

/** PGlite: its `listen` per channel, shared by this process's listeners. */
export function pgliteNotifications(client: PGlite): NotificationSource {
  const channels = new Channels();
  const stops = new Map<string, () => Promise<void>>();
  return {
    async listen(channel, listener) {
      checkChannel(channel);
      if (channels.add(channel, listener)) stops.set(channel, await client.listen(channel, (payload) => channels.deliver(channel, payload)));
      return async () => {
        if (!channels.remove(channel, listener)) return;
        const stop = stops.get(channel);
        stops.delete(channel);
        if (stop !== undefined && !client.closed) await stop();
      };
    },
    async close() {
      for (const stop of stops.values()) if (!client.closed) await stop().catch(() => undefined);
      stops.clear();
    },
  };
}

export interface PostgresNotificationOptions {
  /** The first wait before reconnecting after a loss; it doubles up to `maxRetryMs`. */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
}

const quoted = (channel: string) => `"${channel}"`;

/** PostgreSQL: one dedicated connection that LISTENs, reconnecting after a loss. */
export function postgresNotifications(url: string, options: PostgresNotificationOptions = {}): NotificationSource {
  const firstRetryMs = options.firstRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const channels = new Channels();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let retryMs = firstRetryMs;
  let closed = false;

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => undefined);
    if (closed) return;
    channels.each((listener) => listener.onLost?.());
    scheduleReconnect();
  };

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
    // An 'error' event nobody listens to would crash the process (see open.ts).
    next.on("error", (error) => {
      process.stderr.write(`postgres: the LISTEN connection closed (${error.message})\n`);
      lost(next);
    });
    next.on("end", () => lost(next));
    next.on("notification", (message) => channels.deliver(message.channel, message.payload ?? ""));
    try {
      await next.connect();
      for (const channel of channels.names()) await next.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error("notifications closed");
    }
    client = next;
    retryMs = firstRetryMs;
    return next;
  };

  const connected = (): Promise<pg.Client> => {
    if (client !== null) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  function scheduleReconnect(): void {
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      connected().then(
        () => channels.each((listener) => listener.onRestored?.()),
        () => {
          retryMs = Math.min(maxRetryMs, retryMs * 2);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retry.unref();
  }

  return {
    async listen(channel, listener) {
      checkChannel(channel);
      const first = channels.add(channel, listener);
      try {
        const connection = await connected();
        // A connection opened before this channel was added LISTENs to it now.
        if (first) await connection.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        channels.remove(channel, listener);
        throw error;
      }
      return async () => {
        if (channels.remove(channel, listener) && client !== null) await client.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      const open = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
