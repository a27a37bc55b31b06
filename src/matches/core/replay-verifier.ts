/**
 * The replay check (docs/architecture.md, "Persistence": replaying the events
 * reproduces the projection exactly; a test and an admin command compare
 * them): every match's events folded afresh by the engine, from the empty
 * match, and the projection that fold determines compared with the `matches`
 * row. A difference is reported, never repaired.
 *
 * What the events determine, and so what is compared: the status, the seats
 * (the user of each colour's `join`), the score, the game number, Crawford,
 * the cube, whose turn and what it waits for (and so the user on turn, or the
 * invited player of an invitation), the winner and the end reason, and the
 * version (the number of events, numbered 1..version without a gap); and
 * a finished match's log row (docs/architecture.md, "Finished match logs")
 * must hold exactly its event rows. What
 * depends on the time of each action and not only on the events is compared
 * only as far as the events decide it: the deadline and the turn's start are
 * set exactly when a clocked match has someone on turn, a bank is between 0
 * and the match's `bankDays`, and `finished_at` is set exactly when the match
 * is over; their values are not checked.
 *
 * Each match is read at one version (its row, atomically with its
 * projection) and only its events up to that version are folded, so the
 * check may run beside a live server: an action appended meanwhile is simply
 * not looked at.
 */
import { Injectable } from '@nestjs/common';
import { foldEvents, IllegalEventError, newMatch, type Colour, type MatchState } from '../../engine/index.js';
import { DAY_MS } from '../model/match-clock.js';
import { isOver } from '../model/match-status.js';
import { projectionOf, type Seats } from './match-projection.js';
import type { MatchProjection, MatchRecord, StoredMatchEvent } from '../model/match-record.js';
import { MatchesRepository } from './matches.repository.js';
import { ReplayCheckRepository } from './replay-check.repository.js';

/** A field of a match whose stored value is not what the replay gives. */
export interface ReplayDifference {
  readonly matchId: string;
  /**
   * A projection field (`scoreWhite`, `turnColour`, ...), `version`, `events` for a log the engine
   * refuses, or `log` for a finished match's log row that does not hold its event rows.
   */
  readonly field: string;
  readonly stored: unknown;
  readonly replayed: unknown;
}

export interface ReplayReport {
  /** Matches checked. */
  readonly matches: number;
  /** Events folded, all matches together. */
  readonly events: number;
  readonly differences: readonly ReplayDifference[];
}

/** The projection fields that the events alone decide, compared value for value. */
const EVENT_FIELDS = [
  'status',
  'whiteId',
  'blackId',
  'scoreWhite',
  'scoreBlack',
  'gameNumber',
  'crawford',
  'cubeValue',
  'cubeOwner',
  'turnColour',
  'turnUserId',
  'awaiting',
  'winner',
  'endReason',
] as const satisfies readonly (keyof MatchProjection)[];

/** Matches read per query of ids. */
const ID_PAGE = 200;
/** Events read per query while folding. */
const EVENT_PAGE = 1_000;

const presence = (value: unknown): 'set' | 'null' => (value === null ? 'null' : 'set');

/** A last play as one string, whatever order its row's jsonb keeps the keys in. */
const lastPlayKey = (play: MatchProjection['lastPlay']): string =>
  play === null
    ? 'none'
    : `${play.by} ${play.dice.join('-')}: ${play.moves.map((m) => `${m.from}/${m.to}`).join(' ')} (${play.text})`;

@Injectable()
export class ReplayVerifier {
  constructor(
    private readonly matches: MatchesRepository,
    private readonly replay: ReplayCheckRepository,
  ) {}

  /** Every match of the database, in id order. */
  async verifyAll(): Promise<ReplayReport> {
    let matches = 0;
    let events = 0;
    const differences: ReplayDifference[] = [];
    for (let after: string | null = null; ;) {
      const ids = await this.replay.matchIds(after, ID_PAGE);
      for (const id of ids) {
        const verdict = await this.verify(id);
        matches++;
        events += verdict.events;
        differences.push(...verdict.differences);
      }
      if (ids.length < ID_PAGE) break;
      after = ids[ids.length - 1];
    }
    return { matches, events, differences };
  }

  /** One match: the events folded (up to the version read) and the differences found; an unknown id has none. */
  async verify(id: string): Promise<{ readonly events: number; readonly differences: ReplayDifference[] }> {
    const record = await this.matches.findById(id);
    if (record === null) return { events: 0, differences: [] };
    const differences: ReplayDifference[] = [];
    const differ = (field: string, stored: unknown, replayed: unknown): void => {
      if (stored !== replayed) differences.push({ matchId: id, field, stored, replayed });
    };
    const fold = await this.fold(record);
    if ('refused' in fold) {
      differences.push({ matchId: id, field: 'events', stored: fold.refused, replayed: fold.reason });
      return { events: fold.events, differences };
    }
    const { state, seats, rows } = fold;
    differ('version', record.version, state.eventCount);
    if (record.projection.status === 'finished') await this.compareLog(record, rows, differ);
    const stored = record.projection;
    const replayed = projectionOf(record, seats, state, stored.clock, stored.finishedAt);
    for (const field of EVENT_FIELDS) differ(field, stored[field], replayed[field]);
    // The last play is kept from the migration that added it on: a row not written since has none.
    if (stored.lastPlay !== null) differ('lastPlay', lastPlayKey(stored.lastPlay), lastPlayKey(replayed.lastPlay));
    this.compareTimes(record, replayed, differ);
    return { events: state.eventCount, differences };
  }

  /** Whether a finished match's log row holds its event rows, one for one (`rows` as `fingerprint` gives them). */
  private async compareLog(
    record: MatchRecord,
    rows: readonly string[],
    differ: (field: string, stored: unknown, replayed: unknown) => void,
  ): Promise<void> {
    let log: StoredMatchEvent[] | null;
    try {
      log = await this.matches.finishedLog(record.id);
    } catch (err) {
      differ('log', (err as Error).message, 'the event rows');
      return;
    }
    if (log === null) return differ('log', 'none', 'the event rows');
    const first = log.findIndex((event, i) => fingerprint(event) !== rows[i]);
    if (first >= 0 || log.length !== rows.length) {
      differ(
        'log',
        `differs from seq ${first >= 0 ? first + 1 : Math.min(log.length, rows.length) + 1}`,
        'the event rows',
      );
    }
  }

  /** Whether the time columns are set where the events say they must be, and the banks within their bounds. */
  private compareTimes(
    record: MatchRecord,
    replayed: MatchProjection,
    differ: (field: string, stored: unknown, replayed: unknown) => void,
  ): void {
    const { clock, finishedAt } = record.projection;
    const onClock = record.daysPerTurn !== null && replayed.turnColour !== null;
    differ('turnStartedAt', presence(clock.turnStartedAt), onClock ? 'set' : 'null');
    differ('deadline', presence(clock.deadline), onClock ? 'set' : 'null');
    differ('finishedAt', presence(finishedAt), isOver(replayed.status) ? 'set' : 'null');
    const fullBank = record.daysPerTurn === null ? 0 : record.bankDays * DAY_MS;
    for (const colour of ['white', 'black'] as const) {
      const bank = clock.bankMs[colour];
      const within = bank >= 0 && bank <= fullBank;
      differ(`bankMs.${colour}`, within ? 'within' : bank, within ? 'within' : `0..${fullBank}`);
    }
  }

  /**
   * The events up to the record's version folded from the empty match, and the
   * seats their joins took; or the first event the engine refuses (or the
   * first seq missing), as `refused`, with the engine's reason.
   */
  private async fold(
    record: MatchRecord,
  ): Promise<
    | { readonly state: MatchState; readonly seats: Seats; readonly rows: readonly string[] }
    | { readonly refused: string; readonly reason: string; readonly events: number }
  > {
    let state = newMatch({ variant: record.variant, length: record.length, rules: record.rules });
    const seat: Record<Colour, string | null> = { white: null, black: null };
    const rows: string[] = [];
    while (state.eventCount < record.version) {
      const first = state.eventCount + 1;
      const page = await this.matches.eventsAfter(
        record.id,
        state.eventCount,
        Math.min(EVENT_PAGE, record.version - state.eventCount),
      );
      if (page.length === 0) break;
      // The rows that follow on without a gap are folded; the first one out of place is reported after them.
      const gap = page.findIndex((stored, i) => stored.seq !== first + i);
      const folded = gap < 0 ? page : page.slice(0, gap);
      try {
        state = foldEvents(
          state,
          folded.map((stored) => stored.event),
          ({ index, event }) => {
            const stored = folded[index + 1 - first];
            if (event.type === 'join') seat[event.colour] = stored.actorId;
            rows.push(fingerprint(stored));
          },
        );
      } catch (err) {
        if (!(err instanceof IllegalEventError)) throw err;
        const { index, event, playReason, reason } = err;
        return { refused: `seq ${index + 1} (${event.type})`, reason: playReason ?? reason, events: index };
      }
      if (gap >= 0) {
        return { refused: `seq ${page[gap].seq} after ${state.eventCount}`, reason: 'gap', events: state.eventCount };
      }
    }
    return { state, seats: { whiteId: seat.white, blackId: seat.black }, rows };
  }
}

/** An event row as text, everything it holds included: equal texts, equal rows. */
function fingerprint(stored: StoredMatchEvent): string {
  return JSON.stringify([stored.seq, stored.event, stored.actorId, stored.positionId, stored.at.getTime()]);
}
