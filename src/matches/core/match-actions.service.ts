/**
 * Acting on a match (docs/architecture.md, "Data flow"): load the record and
 * the folded state, check who may act and on which version, let the engine
 * judge the event, add what the server does by itself (records, throws
 * nobody has a choice about, forced plays), move the clock, and append it all
 * with the projection in one versioned write. Nothing is appended unless
 * everything is accepted; of two racing actions exactly one is written.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/domain-error.js';
import { retryOnConflict } from '../../database/versioned-log/retry-on-conflict.js';
import {
  applyCommand,
  betweenMoneyGames,
  followUps,
  playEventFor,
  type Colour,
  type DiceContext,
  type MatchEvent,
  type MatchState,
  type Refusal,
} from '../../engine/index.js';
import { IdempotencyContext } from '../../idempotency/index.js';
import { BlocksService, UsersRepository } from '../../users/index.js';
import { seatOfUser } from './seat-of-user.js';
import { DiceRoller } from './dice-roller.js';
import type { MatchAction } from './match-action.js';
import { deadlinePassed, passClock } from '../model/match-clock.js';
import {
  ActionNotAllowedError,
  DeadlineNotReachedError,
  IllegalPlayError,
  NotAPlayerError,
  NotYourTurnError,
  VersionConflictError,
} from '../model/match.errors.js';
import { turnOf } from '../model/match-status.js';
import { colourOf } from '../model/seats.js';
import { positionIdOf, presentMatch } from '../view/match-presenter.js';
import { projectionOf, type Seats } from './match-projection.js';
import { ratedEndOf } from './match-rating.js';
import type { MatchRecord, NewMatchEvent, SeatedPlayer } from '../model/match-record.js';
import { MatchLimitsPolicy } from './match-limits.js';
import { MatchStore, type LoadedMatch } from './match-store.js';
import { SeatChangedError } from '../../users/index.js';
import type { MatchView } from '../view/match-view.js';

/** Attempts of an action sent without a version, when another action got in first. */
const ATTEMPTS = 3;

/** The event a caller's action makes, who made it, and the seats after it. */
interface Decision {
  readonly event: MatchEvent;
  readonly white: SeatedPlayer | null;
  readonly black: SeatedPlayer | null;
}

@Injectable()
export class MatchActionsService {
  constructor(
    private readonly store: MatchStore,
    private readonly users: UsersRepository,
    private readonly roller: DiceRoller,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyContext,
    private readonly limits: MatchLimitsPolicy,
    private readonly blocks: BlocksService,
  ) {}

  /**
   * Performs `action` for `userId` on the match, on `expectedVersion` when given; answers the state after it.
   *
   * When this server read or wrote the match a moment ago (MatchStore.recent), the action is
   * first decided on that without reading the row again: its write is guarded by the version,
   * so if anything was written since, nothing is, and the action is done again on a fresh read,
   * as is one the stale copy refuses (the refusal must be judged on the match as it is).
   * The dice of a roll come from the roll's index, so a throw done again is the same throw.
   */
  async act(id: string, userId: string, action: MatchAction, expectedVersion: number | null): Promise<MatchView> {
    const recent = this.store.recent(id);
    if (recent !== undefined && (expectedVersion === null || expectedVersion === recent.record.version)) {
      try {
        const done = await this.attempt(recent, userId, action);
        if (done !== null) return done;
      } catch (err: unknown) {
        if (!(err instanceof DomainError)) throw err;
      }
    }
    return retryOnConflict(
      expectedVersion === null ? ATTEMPTS : 1,
      async () => {
        const loaded = await this.store.load(id);
        if (expectedVersion !== null && expectedVersion !== loaded.record.version) {
          throw new VersionConflictError(loaded.record.version, expectedVersion);
        }
        return this.attempt(loaded, userId, action);
      },
      async () => {
        const current = await this.store.load(id);
        throw new VersionConflictError(current.record.version, expectedVersion);
      },
    );
  }

  /**
   * Decides and writes the action on `loaded`; null when the match had moved on (nothing written).
   * The answer is the state after the write, known before it: with an Idempotency-Key it is stored
   * by the same statement (IdempotencyContext).
   */
  private async attempt(
    loaded: LoadedMatch,
    userId: string,
    action: MatchAction,
    seatChecked = false,
  ): Promise<MatchView | null> {
    const { record, state } = loaded;
    const now = this.clock.now();
    const decision = await this.decide(record, state, userId, action, now);
    const { events, after, next: appended } = this.append(record, state, decision, userId, now);
    const seats = { white: appended.projection.whiteId, black: appended.projection.blackId };
    const rated = ratedEndOf(record.rated, record.length, seats, state, after);
    // Left or timed out before both players made their real decisions: ended, but unrated (docs/rules.md "Ratings").
    const next: MatchRecord =
      rated !== null && 'abortedBy' in rated
        ? { ...appended, rated: false, unratedReason: 'aborted-by-leave' }
        : appended;
    // A join is written only while the joiner is what it was seated as (a person, or a bot), and that
    // of an open challenge asked rated may find the pair's rated matches of the day used up: the
    // statement decides, and writes its decision over the stored answer too.
    const ratedPair =
      action.name === 'join' && record.rated && record.invited === null
        ? this.limits.forJoin(record.creatorId, userId, now)
        : null;
    const joiner = action.name === 'join' ? (decision.white?.id === userId ? decision.white : decision.black) : null;
    const join = joiner === null ? null : { joinerId: userId, asBot: joiner.bot, ratedPair };
    const view = presentMatch(next, after, userId, now);
    const answer = this.idempotency.answer(view);
    try {
      const write = { expectedVersion: record.version, events, at: now, rated, answer, join };
      if (!(await this.store.append(next, after, write))) return null;
    } catch (err: unknown) {
      // The joiner became a bot meanwhile (an account does so once): decided again, seated as a bot.
      if (err instanceof SeatChangedError && !seatChecked) return this.attempt(loaded, userId, action, true);
      throw err;
    }
    // What the statement decided (a rated pair's join) or wrote (the ratings' changes at a rated end) is read back.
    if (ratedPair !== null || (rated !== null && !('abortedBy' in rated))) {
      const written = await this.store.load(record.id);
      return presentMatch(written.record, written.state, userId, now);
    }
    return view;
  }

  /** The caller's event, or the refusal: who may act is checked here, what the rules allow by the engine. */
  private async decide(
    record: MatchRecord,
    state: MatchState,
    userId: string,
    action: MatchAction,
    now: Date,
  ): Promise<Decision> {
    const seats = { white: record.white, black: record.black };
    const freeSeat: Colour = record.white === null ? 'white' : 'black';
    switch (action.name) {
      case 'join': {
        if (userId === record.creatorId) {
          throw new ActionNotAllowedError(
            'already-joined',
            'You created this match; the other seat is for an opponent.',
          );
        }
        if (record.invited !== null && record.invited.id !== userId) {
          throw new NotAPlayerError('This invitation is for another player.');
        }
        // An open challenge is not open to a player its creator has blocked (docs/community.md, "Blocks").
        if (record.invited === null) await this.blocks.refuseIfBlocked(record.creatorId, userId);
        const joiner = await this.seatedPlayer(userId);
        const event: MatchEvent = { type: 'join', colour: freeSeat, clientSeed: action.clientSeed };
        return { event, ...seats, [freeSeat]: joiner };
      }
      case 'decline':
        if (record.invited === null || record.invited.id !== userId) {
          throw new NotAPlayerError('Only the invited player can decline an invitation.');
        }
        return { event: { type: 'decline', by: freeSeat }, ...seats };
      default:
        break;
    }
    const colour = colourOf(record, userId);
    if (colour === null) throw new NotAPlayerError('Only the two players of a match act on it.');
    return { event: this.playerEvent(record, state, colour, action, now), ...seats };
  }

  private playerEvent(record: MatchRecord, state: MatchState, by: Colour, action: MatchAction, now: Date): MatchEvent {
    switch (action.name) {
      case 'roll': {
        const dice = diceContext(record, state);
        if (state.phase.kind === 'opening-roll' && betweenMoneyGames(state)) {
          const { white, black } = this.roller.opening(dice, state.rollIndex);
          return { type: 'opening-roll', white, black };
        }
        if (state.phase.kind === 'roll' && state.phase.player === by) {
          return { type: 'roll', by, dice: this.roller.roll(dice, state.rollIndex) };
        }
        // Refused below with the engine's reason; no dice are thrown for a roll that cannot be made.
        return { type: 'roll', by, dice: [1, 1] };
      }
      case 'plays': {
        const submission = action.text ?? action.moves ?? [];
        const play = playEventFor(state, by, submission);
        if (!play.ok) throw refusalError(play);
        return play.event;
      }
      case 'resign':
        return { type: 'resign', by, value: action.value };
      case 'resignation/accept':
        return { type: 'resignation-accept', by };
      case 'resignation/reject':
        return { type: 'resignation-reject', by };
      case 'claim-timeout': {
        const { deadline } = record.projection.clock;
        if (record.daysPerTurn === null || deadline === null) {
          throw new ActionNotAllowedError('no-clock', 'Nobody is on a clock in this match.');
        }
        if (!deadlinePassed(record.projection.clock, now) && turnOf(state).player !== by) {
          throw new DeadlineNotReachedError(deadline);
        }
        return { type: 'timeout', by };
      }
      case 'join':
      case 'decline':
        throw new Error('handled by decide');
      default:
        return { type: action.name, by };
    }
  }

  /** The events to append (the caller's, then the server's follow-ups), the state after them, and the next record. */
  private append(
    record: MatchRecord,
    state: MatchState,
    decision: Decision,
    userId: string,
    now: Date,
  ): { events: NewMatchEvent[]; after: MatchState; next: MatchRecord } {
    const applied = applyCommand(state, decision.event);
    if (!applied.ok) throw refusalError(applied);
    const seats: Seats = { whiteId: decision.white?.id ?? null, blackId: decision.black?.id ?? null };
    const autoPlayForced = (colour: Colour): boolean => decision[colour]?.autoPlayForced ?? false;
    const more = followUps(applied.state, {
      dice: diceContext(record, applied.state),
      roller: this.roller,
      autoPlayForced,
    });
    const events: NewMatchEvent[] = [
      { event: decision.event, actorId: userId, positionId: positionIdOf(applied.state) },
      ...more.added.map(({ event, player, state: after }) => ({
        event,
        actorId: player === null ? null : (seatOf(seats, player) ?? null),
        positionId: positionIdOf(after),
      })),
    ];
    const after = more.state;
    const terms = { daysPerTurn: record.daysPerTurn, bankDays: record.bankDays };
    const clock = passClock(record.projection.clock, terms, record.projection.turnColour, turnOf(after).player, now);
    const projection = projectionOf(record, seats, after, clock, record.projection.finishedAt ?? now);
    const next: MatchRecord = {
      ...record,
      white: decision.white,
      black: decision.black,
      version: record.version + events.length,
      projection,
      updatedAt: now,
    };
    return { events, after, next };
  }

  private async seatedPlayer(userId: string): Promise<SeatedPlayer> {
    const user = await this.users.findById(userId);
    if (user === null) throw new NotAPlayerError('The account of this bearer token no longer exists.');
    return seatOfUser(user);
  }
}

function seatOf(seats: Seats, colour: Colour): string | null {
  return colour === 'white' ? seats.whiteId : seats.blackId;
}

/** The dice derivation's inputs (docs/dice-fairness.md): the secret seed, the match id, the client seeds in join order. */
export function diceContext(record: MatchRecord, state: MatchState): DiceContext {
  return { seed: record.diceSeed, matchId: record.id, clientSeeds: state.clientSeeds };
}

/** The domain error for an engine refusal. */
export function refusalError(refusal: Refusal): Error {
  if (refusal.reason === 'not-your-turn') return new NotYourTurnError(refusal.message);
  if (refusal.reason === 'illegal-play')
    return new IllegalPlayError(refusal.playReason ?? 'illegal-play', refusal.message);
  return new ActionNotAllowedError(refusal.reason, refusal.message);
}
