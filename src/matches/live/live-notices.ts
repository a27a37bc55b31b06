/**
 * Live notices (docs/architecture.md "Live streams", "Live notices"): a side event, such as a match
 * message or a moderator's warning, pushed to the streams open on every node: to a match's streams
 * (GET /api/matches/{id}/stream) held by given accounts, or by anyone, and to given players' own
 * streams (GET /api/users/me/stream). A notice is sent after its write commits, as one PostgreSQL
 * NOTIFY that carries the whole event (at most NOTICE_BYTES); each node's one LISTEN session hands it
 * to the streams it holds. A notice is not part of any log: it has no `id:` line (the stream's
 * Last-Event-ID stays the last logged event's), and a client away when it is sent reads what it
 * missed from the notice's own API (the messages' page). A notice lost with its node is not sent
 * again; the NOTIFY goes out as soon as the write has committed, not gathered as MatchFeed's are.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Notifications } from '../../database/notifications.js';

/** The channel every node LISTENs on for notices; a payload is one notice as JSON. */
export const LIVE_NOTICES_CHANNEL = 'nardy_live_notices';
/** The most a notice's NOTIFY may carry (PostgreSQL's payload limit is 8,000 bytes). */
export const NOTICE_BYTES = 7_900;

/** A side event and where it goes. */
export interface LiveNotice {
  /** The SSE `event:` name, e.g. `message`, `warning`. */
  readonly event: string;
  /** The SSE `data:`, sent as JSON. */
  readonly data: unknown;
  /**
   * The match whose streams get it: all of them (`readers: 'all'`), or only those opened with a
   * bearer token of one of `readers` (account ids).
   */
  readonly match?: { readonly id: string; readonly readers: readonly string[] | 'all' };
  /** The accounts whose own streams (GET /api/users/me/stream) get it. */
  readonly players?: readonly string[];
}

/** What a stream is handed: the event's name and its data, as JSON text. */
export type NoticeListener = (event: string, data: string) => void;

/** A notice as it crosses the nodes. */
interface Wire {
  readonly e: string;
  readonly d: string;
  readonly m?: string;
  readonly r?: readonly string[] | 'all';
  readonly p?: readonly string[];
}

interface MatchWatcher {
  /** The account holding the stream; null for an anonymous one. */
  readonly reader: string | null;
  readonly listener: NoticeListener;
}

const EVENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;

@Injectable()
export class LiveNotices implements OnModuleDestroy {
  private readonly logger = new Logger('LiveNotices');
  private readonly byMatch = new Map<string, Set<MatchWatcher>>();
  private readonly byPlayer = new Map<string, Set<NoticeListener>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly notifications: Notifications) {}

  /**
   * Sends `notice` to the streams it names on every node (after the caller's write committed).
   * A notice too large for a NOTIFY, or with an event name that is no SSE name, is a programming
   * error (RangeError); a NOTIFY that fails is logged, and the notice lost.
   */
  async send(notice: LiveNotice): Promise<void> {
    if (!EVENT_NAME.test(notice.event)) throw new RangeError(`Not a notice's event name: ${notice.event}`);
    const wire: Wire = {
      e: notice.event,
      d: JSON.stringify(notice.data),
      ...(notice.match === undefined ? {} : { m: notice.match.id, r: notice.match.readers }),
      ...(notice.players === undefined ? {} : { p: notice.players }),
    };
    const payload = JSON.stringify(wire);
    if (Buffer.byteLength(payload) > NOTICE_BYTES) {
      throw new RangeError(`A live notice carries at most ${NOTICE_BYTES} bytes, not ${Buffer.byteLength(payload)}`);
    }
    await this.notifications.notify(LIVE_NOTICES_CHANNEL, payload).catch((err: Error) => {
      this.logger.warn(`Could not send a ${notice.event} notice: ${err.message}`);
    });
  }

  /** Hands `listener` the notices for the match's streams held by `reader` (null: anonymous); answers a function that stops it. */
  async watchMatch(matchId: string, reader: string | null, listener: NoticeListener): Promise<() => void> {
    const watcher: MatchWatcher = { reader, listener };
    return this.add(this.byMatch, matchId, watcher);
  }

  /** Hands `listener` the notices for the player's own streams; answers a function that stops it. */
  async watchPlayer(userId: string, listener: NoticeListener): Promise<() => void> {
    return this.add(this.byPlayer, userId, listener);
  }

  async onModuleDestroy(): Promise<void> {
    const stop = this.listening;
    this.listening = null;
    if (stop !== null) await (await stop.catch(() => null))?.();
  }

  private async add<T>(map: Map<string, Set<T>>, key: string, value: T): Promise<() => void> {
    let set = map.get(key);
    if (set === undefined) {
      set = new Set();
      map.set(key, set);
    }
    set.add(value);
    this.listening ??= this.notifications.listen(LIVE_NOTICES_CHANNEL, (payload) => this.dispatch(payload));
    await this.listening;
    return () => {
      set.delete(value);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  }

  private dispatch(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if (typeof wire.e !== 'string' || typeof wire.d !== 'string') return;
    if (typeof wire.m === 'string') {
      for (const { reader, listener } of this.byMatch.get(wire.m) ?? []) {
        if (wire.r === 'all' || (reader !== null && Array.isArray(wire.r) && wire.r.includes(reader)))
          listener(wire.e, wire.d);
      }
    }
    const players: readonly unknown[] = Array.isArray(wire.p) ? wire.p : [];
    for (const userId of players) {
      if (typeof userId !== 'string') continue;
      for (const listener of this.byPlayer.get(userId) ?? []) listener(wire.e, wire.d);
    }
  }
}
