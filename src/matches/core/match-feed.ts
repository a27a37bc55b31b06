/**
 * New events as they are committed, on every node (docs/architecture.md "Live
 * streams"). After a write commits, the store announces `<match id>:<version>`
 * here; the announcements of a few milliseconds are sent as one NOTIFY (a
 * NOTIFY in the write's own transaction would serialise every commit behind
 * PostgreSQL's notification lock), and this node's one LISTEN session hands
 * what any node sent to the streams watching that match, or every match.
 * Listening starts with the first watcher. A notification carries no event:
 * the watchers read the rows after what they last sent, and streams also
 * look on their own now and then, so a notification lost with its node is
 * only late.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ServiceContext } from '../../common/service-context.js';
import { Notifications } from '../../database/notifications.js';

export type VersionListener = (version: number) => void;
export type MatchVersionListener = (matchId: string, version: number) => void;

/** The channel every node LISTENs on; a payload is `<match id>:<version>` entries joined by commas. */
export const MATCH_EVENTS_CHANNEL = 'nardy_match_events';
/** How long announcements are gathered before they go out as one NOTIFY. */
export const GATHER_MS = 20;
/** Entries per NOTIFY: 42 bytes each, well under PostgreSQL's 8,000-byte payload. */
const ENTRIES_PER_NOTIFY = 150;
const ENTRY = /^([0-9a-f-]{36}):(\d{1,9})$/;

@Injectable()
export class MatchFeed implements OnModuleDestroy {
  private readonly logger = new Logger('MatchFeed');
  private readonly byMatch = new Map<string, Set<VersionListener>>();
  private readonly everyMatch = new Set<MatchVersionListener>();
  private listening: Promise<() => Promise<void>> | null = null;
  /** Announcements not yet sent: the latest version of each match. */
  private readonly gathered = new Map<string, number>();
  private flushing: NodeJS.Timeout | null = null;
  /** A NOTIFY carries the writes of many requests: it is sent, and its failure logged, as no request's. */
  private readonly outside = new ServiceContext();

  constructor(private readonly notifications: Notifications) {}

  /** Tells every node that the match is at `version` now (its events committed). */
  announce(matchId: string, version: number): void {
    this.gathered.set(matchId, Math.max(version, this.gathered.get(matchId) ?? 0));
    this.flushing ??= this.outside.run(() => setTimeout(() => void this.flush(), GATHER_MS));
  }

  /** Calls `listener` with the version after each write to the match; answers a function that stops it. */
  async watch(matchId: string, listener: VersionListener): Promise<() => void> {
    let set = this.byMatch.get(matchId);
    if (set === undefined) {
      set = new Set();
      this.byMatch.set(matchId, set);
    }
    set.add(listener);
    await this.listen();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byMatch.get(matchId) === set) this.byMatch.delete(matchId);
    };
  }

  /** Calls `listener` after each write to any match. */
  async watchAll(listener: MatchVersionListener): Promise<() => void> {
    this.everyMatch.add(listener);
    await this.listen();
    return () => this.everyMatch.delete(listener);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
    const stop = this.listening;
    this.listening = null;
    if (stop !== null) await (await stop.catch(() => null))?.();
  }

  /** Sends what was gathered, a NOTIFY per ENTRIES_PER_NOTIFY entries. */
  private async flush(): Promise<void> {
    if (this.flushing !== null) clearTimeout(this.flushing);
    this.flushing = null;
    const entries = [...this.gathered].map(([id, version]) => `${id}:${version}`);
    this.gathered.clear();
    for (let i = 0; i < entries.length; i += ENTRIES_PER_NOTIFY) {
      const payload = entries.slice(i, i + ENTRIES_PER_NOTIFY).join(',');
      await this.notifications.notify(MATCH_EVENTS_CHANNEL, payload).catch((err: Error) => {
        this.logger.warn(`Could not announce ${entries.length} writes: ${err.message}`);
      });
    }
  }

  private listen(): Promise<unknown> {
    this.listening ??= this.notifications.listen(MATCH_EVENTS_CHANNEL, (payload) => this.dispatch(payload));
    return this.listening;
  }

  private dispatch(payload: string): void {
    for (const entry of payload.split(',')) {
      const parsed = ENTRY.exec(entry);
      if (parsed === null) continue;
      const [, matchId, digits] = parsed;
      const version = Number(digits);
      for (const listener of this.byMatch.get(matchId) ?? []) listener(version);
      for (const listener of this.everyMatch) listener(matchId, version);
    }
  }
}
