/**
 * Live streams (docs/architecture.md "Live streams"): a match's events as they
 * are committed, resumable from any seq; and the events of all of a player's
 * matches, resumable by time. Every node delivers every event: it hears of
 * writes through the MatchFeed (PostgreSQL NOTIFY) and reads the rows itself;
 * a MatchEventStream sends each match's events once each, in seq order.
 */
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { EventSink, EventStreamAnswer } from '../../common/server-sent-events.js';
import { isUuid } from '../../common/uuid.js';
import { isFinalEvent } from '../../engine/index.js';
import { MatchFeed } from '../core/match-feed.js';
import { isOver } from '../model/match-status.js';
import { InvalidLastEventIdError } from '../model/match.errors.js';
import type { MatchRecord } from '../model/match-record.js';
import { type Principal, TokenWatch } from '../../security/index.js';
import { MatchStore } from '../core/match-store.js';
import { MatchEventStream, matchFrame, playerFrame } from './match-event-stream.js';
import { MatchStreamsRepository } from './match-streams.repository.js';
import { LiveNotices, type NoticeListener } from './live-notices.js';
import { StreamSlots, type StreamHolder } from './stream-slots.js';

/** A comment this often keeps proxies and load balancers from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/**
 * How long before the Last-Event-ID's event a resumed player stream starts again: longer
 * than an action takes from its time to its commit, and than the nodes' clocks differ.
 */
export const RESUME_MARGIN_MS = 30_000;
/** The matches a player stream looks at each keep-alive, the most lately active first. */
const FOLLOWED_AT_KEEP_ALIVE = 200;

@Injectable()
export class MatchStreamService {
  private readonly logger = new Logger('MatchStreams');
  /** The record read for a notification, shared by every player stream that hears it. */
  private readonly records = new LRUCache<string, Promise<MatchRecord | null>>({ max: 2_000 });

  constructor(
    private readonly store: MatchStore,
    private readonly feed: MatchFeed,
    private readonly matches: MatchStreamsRepository,
    private readonly slots: StreamSlots,
    private readonly tokens: TokenWatch,
    private readonly notices: LiveNotices,
  ) {}

  /**
   * The match's events after seq `after`, or the Last-Event-ID a reconnecting
   * client sends (neither: after the current version, only what comes next), each as `id: seq`, `event: type`, `data:` the
   * event as the event log shows it; then every event as it is committed.
   * Once the match is over, the stream ends after its last event; a client
   * that has it already is answered 204 No Content, so that an EventSource
   * stops reconnecting. An unknown match, and a holder with as many streams
   * open as it may have, are refused before the stream opens. A stream opened
   * with a bearer token ends when the token expires or is revoked.
   */
  async match(
    id: string,
    after: number | null,
    lastEventId: string | null,
    holder: StreamHolder,
    answer: EventStreamAnswer,
  ): Promise<void> {
    const resume = lastEventId === null ? after : seqOf(lastEventId);
    const record = await this.store.record(id);
    const over = isOver(record.projection.status);
    // Over, and the client has every event (an EventSource reconnecting after the end): it need not come again.
    if (over && (resume ?? record.version) >= record.version) return answer.noContent();
    const sink = this.opened(holder, answer);
    const stream = new MatchEventStream(sink, this.store, this.logger, `match ${id}`, matchFrame, (stored) =>
      isFinalEvent(stored.event),
    );
    stream.knows(id, resume ?? record.version);
    try {
      if (over) {
        stream.heard(id);
        await stream.start();
        sink.end();
        return;
      }
      // Watch first, then catch up: a write between the two is read by the catch-up or announced after it.
      const stopEvents = await this.feed.watch(id, (version) => {
        if (stream.wants(id, version)) stream.heard(id);
      });
      // Side events (a message to a player holding the stream): no id line, the resumption stays the seq's.
      const reader = 'principal' in holder ? holder.principal.userId : null;
      const stopNotices = await this.notices.watchMatch(id, reader, noticeTo(sink)).catch((err: unknown) => {
        stopEvents();
        throw err;
      });
      const stop = (): void => {
        stopEvents();
        stopNotices();
      };
      this.untilClosed(sink, stop, () => stream.heard(id));
      stream.heard(id);
      await stream.start();
    } catch (err: unknown) {
      this.logger.warn(`Stream of match ${id} ended: ${err instanceof Error ? err.message : String(err)}`);
      sink.end();
    }
  }

  /**
   * The events of every match the player is in (seated or invited) as they are
   * committed: each as `id: <match id>:<seq>`, `event:` its type, `data:` the
   * event as the event log shows it with its `matchId`. A match the player comes
   * into (a new invitation, an open challenge they join) is sent from its first
   * event. After a Last-Event-ID, first every event of the player's matches
   * written since RESUME_MARGIN_MS before that event (nothing of that event's
   * match up to it): events sent before the cut may come again, under the same
   * id, and none is missed. An id that is not one of the player's events is
   * refused before the stream opens, as is a player with as many streams open
   * as they may have. The stream ends when the token expires or is revoked.
   */
  async mine(principal: Principal, lastEventId: string | null, answer: EventStreamAnswer): Promise<void> {
    const { userId } = principal;
    const resume = lastEventId === null ? null : await this.resumePoint(userId, lastEventId);
    const holder = { principal };
    // Freed when the stream closes, or at once if it cannot open (a second call does nothing).
    const release = this.slots.take(holder);
    // Writes heard before the stream opens, judged once it has (what stands is read meanwhile).
    const early: Array<[string, number]> = [];
    let stream: MatchEventStream | null = null;
    const onWrite = (matchId: string, version: number): void => {
      const to = stream;
      if (to === null) early.push([matchId, version]);
      else if (to.wants(matchId, version)) {
        void this.recordAt(matchId, version).then((record) => {
          if (record !== null && involves(record, userId)) to.heard(matchId);
        });
      }
    };
    let stop: () => void = () => undefined;
    let sink: EventSink | null = null;
    try {
      // Watch first, then read what stands: a write in between is in the reads or announced after them.
      stop = await this.feed.watchAll(onWrite);
      const active = await this.matches.activeVersions(userId);
      // Resumed: each match written since is read again from its first event since, by seq.
      const since =
        resume === null ? new Map<string, number>() : await this.matches.firstSeqsSince(userId, resume.since);
      // Only now does the client see the stream open: a match it creates once it sees the headers is
      // not among those read, so it is sent from its first event.
      sink = this.openedHolding(holder, answer, release);
      const opened = new MatchEventStream(sink, this.store, this.logger, `${userId}'s matches`, playerFrame);
      stream = opened;
      this.untilClosed(sink, stop, () => void this.catchUp(opened));
      // Side events for the player (a match message, a moderator's warning), with no id line.
      sink.onClose(await this.notices.watchPlayer(userId, noticeTo(sink)));
      for (const [matchId, first] of since) {
        opened.knows(matchId, first - 1);
        opened.heard(matchId);
      }
      if (resume !== null) opened.knows(resume.matchId, resume.seq);
      for (const [matchId, version] of active) if (!since.has(matchId)) opened.knows(matchId, version);
      for (const [matchId, version] of early) onWrite(matchId, version);
      await opened.start();
    } catch (err: unknown) {
      if (sink === null) {
        stop();
        release();
        throw err;
      }
      this.logger.warn(`Stream of ${userId}'s matches ended: ${err instanceof Error ? err.message : String(err)}`);
      sink.end();
    }
  }

  /**
   * The stream's sink, opened once `holder` has a slot: refused (429) before any header is sent
   * otherwise. The slot is freed when the stream closes, however it does.
   */
  private opened(holder: StreamHolder, answer: EventStreamAnswer): EventSink {
    return this.openedHolding(holder, answer, this.slots.take(holder));
  }

  /**
   * Opens the stream on a slot taken (`release` gives it back): when the stream closes, or now if it
   * cannot open. A holder's token holds the stream: it is ended (the response ends, no event says
   * why) at the token's expiry or revocation, and the client opens it again with a fresh token and
   * its Last-Event-ID.
   */
  private openedHolding(holder: StreamHolder, answer: EventStreamAnswer, release: () => void): EventSink {
    try {
      const sink = answer.open();
      sink.onClose(release);
      if ('principal' in holder) sink.onClose(this.tokens.until(holder.principal, () => sink.end()));
      return sink;
    } catch (err: unknown) {
      release();
      throw err;
    }
  }

  /** The player's event a Last-Event-ID names, and from when to send again. */
  private async resumePoint(
    userId: string,
    lastEventId: string,
  ): Promise<{ matchId: string; seq: number; since: Date }> {
    const refused = new InvalidLastEventIdError(
      'Last-Event-ID must be the id of an event this stream sent: <match id>:<seq>, of one of your matches.',
    );
    const [, matchId, seqText] = /^([0-9a-f-]{36}):(\d{1,9})$/i.exec(lastEventId.trim()) ?? [];
    if (matchId === undefined || !isUuid(matchId)) throw refused;
    const seq = Number(seqText);
    const record = await this.matches.findById(matchId);
    const at = record !== null && involves(record, userId) ? await this.matches.eventTime(matchId, seq) : null;
    if (record === null || at === null) throw refused;
    return { matchId: record.id, seq, since: new Date(at.getTime() - RESUME_MARGIN_MS) };
  }

  /**
   * At each keep-alive: a match this stream follows that moved on with no notification heard
   * (one lost with its node, or while the LISTEN session reconnected), read by its key.
   */
  private async catchUp(stream: MatchEventStream): Promise<void> {
    try {
      for (const [matchId, version] of await this.matches.versionsOf(stream.matches(FOLLOWED_AT_KEEP_ALIVE))) {
        if (stream.wants(matchId, version)) stream.heard(matchId);
      }
    } catch {
      // The next keep-alive looks again.
    }
  }

  /** Keeps the stream alive until the client goes; `look` (a read for anything missed) runs at each keep-alive. */
  private untilClosed(sink: EventSink, stop: () => void, look: () => void = () => undefined): void {
    const keepAlive = setInterval(() => {
      sink.comment('keep-alive');
      look();
    }, KEEP_ALIVE_MS);
    sink.onClose(() => {
      clearInterval(keepAlive);
      stop();
    });
  }

  private recordAt(matchId: string, version: number): Promise<MatchRecord | null> {
    const key = `${matchId}:${version}`;
    let found = this.records.get(key);
    if (found === undefined) {
      found = this.matches.findById(matchId).catch(() => null);
      this.records.set(key, found);
    }
    return found;
  }
}

/** Writes a live notice to the stream, with no `id:` line: the client's Last-Event-ID stays the last event's. */
function noticeTo(sink: EventSink): NoticeListener {
  return (event, data) => sink.send({ event, data });
}

/** A Last-Event-ID of a match stream: the seq last received. */
function seqOf(lastEventId: string): number {
  if (!/^\d{1,9}$/.test(lastEventId.trim())) throw new InvalidLastEventIdError();
  return Number(lastEventId.trim());
}

function involves(record: MatchRecord, userId: string): boolean {
  return record.white?.id === userId || record.black?.id === userId || record.invited?.id === userId;
}
