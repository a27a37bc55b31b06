/**
 * A tournament's live stream (docs/tournaments.md, "API"): server-sent
 * events, one per event of its log, each with its version as `id`, so that a
 * client that reconnects with Last-Event-ID (or `?after=`) misses nothing and
 * sees nothing twice. The log is read from the database every second, so the
 * stream works on any node whichever wrote the events. It ends once the
 * tournament is over and everything is sent, or after half an hour (the
 * client reconnects and resumes); a client that has everything of a
 * tournament that is over gets 204. It takes one of the node's live-stream
 * slots of its holder, as a match's stream does.
 */
import { Injectable } from '@nestjs/common';
import { StreamSlots, type StreamHolder } from '../../matches/index.js';
import type { EventStreamAnswer } from '../../common/server-sent-events.js';
import type { StoredTournamentEvent } from '../model/tournament-record.js';
import { TournamentNotFoundError } from '../model/tournament.errors.js';
import { TournamentsRepository } from '../core/tournaments.repository.js';

const POLL_MS = 1_000;
const HEARTBEAT_MS = 15_000;
const FOLLOW_FOR_MS = 30 * 60_000;
const PAGE = 200;

/** One event as the stream and `GET …/events` send it. */
export function tournamentEventView(stored: StoredTournamentEvent): {
  version: number;
  type: string;
  event: StoredTournamentEvent['event'];
  at: string;
} {
  return { version: stored.version, type: stored.event.type, event: stored.event, at: stored.at.toISOString() };
}

@Injectable()
export class TournamentStream {
  constructor(
    private readonly repository: TournamentsRepository,
    private readonly slots: StreamSlots,
  ) {}

  /** Follows the tournament's log after `after`, held by `holder` (a slot of the node's live streams: 429 beyond). */
  async follow(id: string, after: number, holder: StreamHolder, answer: EventStreamAnswer): Promise<void> {
    const record = await this.repository.find(id);
    if (record === null) throw new TournamentNotFoundError();
    const over = record.state.status === 'finished' || record.state.status === 'cancelled';
    // An EventSource that has the last event of a tournament that is over stops reconnecting on 204.
    if (over && after >= record.version) return answer.noContent();
    const release = this.slots.take(holder);
    const sink = answer.open();
    sink.onClose(release);
    let sent = after;
    let quietSince = Date.now();
    const until = Date.now() + FOLLOW_FOR_MS;
    const drain = async (): Promise<boolean> => {
      for (;;) {
        const events = await this.repository.events(id, sent, PAGE);
        for (const stored of events) {
          sink.send({
            id: String(stored.version),
            event: stored.event.type,
            data: JSON.stringify(tournamentEventView(stored)),
          });
          sent = stored.version;
          quietSince = Date.now();
          if (stored.event.type === 'finished' || stored.event.type === 'cancelled') return true;
        }
        if (events.length < PAGE) return false;
      }
    };
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const stop = (): void => {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        if (!sink.closed) sink.end();
        release();
        resolve();
      };
      const tick = (): void => {
        drain().then(
          (over) => {
            if (sink.closed || over || Date.now() > until) return stop();
            if (Date.now() - quietSince > HEARTBEAT_MS) {
              sink.comment('still here');
              quietSince = Date.now();
            }
            timer = setTimeout(tick, POLL_MS);
          },
          () => stop(),
        );
      };
      sink.onClose(stop);
      tick();
    });
  }
}
