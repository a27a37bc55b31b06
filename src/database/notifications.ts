/**
 * PostgreSQL NOTIFY and LISTEN for the service's notifications
 * (docs/architecture.md "Live streams"): what one node NOTIFYs reaches every
 * node. On PostgreSQL a dedicated session listens (not a pooled one: a pooled
 * session would stop listening when handed back) and comes back with its
 * channels after the server drops it; notifications are sent through the
 * pool. On embedded PGlite there is one process and PGlite delivers its own.
 */
import { Logger } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ServiceContext } from '../common/service-context.js';

export abstract class Notifications {
  /** Hears the payloads NOTIFYd on a channel; answers a function that stops listening. */
  abstract listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFYs `payload` (at most 7,999 bytes) on `channel`, in a transaction of its own. */
  abstract notify(channel: string, payload: string): Promise<void>;
  abstract close(): Promise<void>;
}

const NOTIFY = 'SELECT pg_notify($1::text, $2::text)';

/** A channel name as PostgreSQL takes it unquoted: the service's own names only. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(channel: string): string {
  if (!CHANNEL.test(channel)) throw new RangeError(`Not a channel name: ${channel}`);
  return channel;
}

/** Waits before reconnecting after the listening session fails: 0.2 s, doubling to 5 s. */
const RECONNECT_MS = { first: 200, max: 5_000 };

export class PostgresNotifications extends Notifications {
  private readonly logger = new Logger('Notifications');
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private delay = RECONNECT_MS.first;
  /** The session is opened outside the request that first listens: its events and log lines are no request's. */
  private readonly outside = new ServiceContext();

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {
    super();
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query(NOTIFY, [checked(channel), payload]);
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const name = checked(channel);
    let set = this.handlers.get(name);
    const first = set === undefined;
    if (set === undefined) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(onPayload);
    const client = await this.session();
    if (first) await client.query(`LISTEN ${name}`);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && this.handlers.get(name) === set) {
        this.handlers.delete(name);
        if (this.client !== null && !this.closed) await this.client.query(`UNLISTEN ${name}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** The listening session, connected (again) with every channel listened to. */
  private session(): Promise<pg.Client> {
    if (this.client !== null) return Promise.resolve(this.client);
    this.connecting ??= this.outside.run(() => this.connect()).finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the session ended')));
    try {
      await client.connect();
      for (const name of this.handlers.keys()) await client.query(`LISTEN ${name}`);
    } catch (err: unknown) {
      // A session that connected but could not listen is not kept.
      await client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.delay = RECONNECT_MS.first;
    return client;
  }

  /** The session failed: listen again on a new one, after a pause (notifications meanwhile are missed; streams catch up by reading). */
  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.reconnectAfter(err);
  }

  /** Listens again after a pause, and again after a longer one as long as connecting fails. */
  private reconnectAfter(err: Error): void {
    this.logger.warn(`The listening session failed (${err.message}); reconnecting in ${this.delay} ms`);
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MS.max);
    setTimeout(() => {
      if (!this.closed && this.handlers.size > 0) void this.session().catch((e: Error) => this.reconnectAfter(e));
    }, wait).unref();
  }
}

export class PgliteNotifications extends Notifications {
  constructor(private readonly db: PGlite) {
    super();
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(checked(channel), onPayload);
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.db.query(NOTIFY, [checked(channel), payload]);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
