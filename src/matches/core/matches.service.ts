/**
 * Creating matches and reading them: the state for a caller, the legal plays
 * of the roll on the board, the event log, any past position rebuilt by
 * replay, the fairness record, and the lists (open challenges, my matches,
 * the inbox). Acting on a match is MatchActionsService's.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import {
  apply,
  commitment,
  DICE_ALGORITHM,
  encodePositionId,
  generateServerSeed,
  newMatch,
  resolveRules,
  swapSides,
  type Colour,
  type MatchEvent,
  type RulesOptions,
  type Variant,
} from '../../engine/index.js';
import { IdempotencyContext } from '../../idempotency/idempotency-context.js';
import { UserNotFoundError } from '../../users/user.errors.js';
import { UsersRepository } from '../../users/users.repository.js';
import { newClock } from '../model/match-clock.js';
import type {
  EventsPage,
  FairnessView,
  MatchLegalPlaysView,
  MatchListView,
  PositionView,
  ThrowView,
} from '../view/match-history-view.js';
import { MatchLimitsPolicy } from './match-limits.js';
import { InvalidMatchTermsError, MatchLimitError, NoDiceDerivationError } from '../model/match.errors.js';
import { gameView, presentMatch } from '../view/match-presenter.js';
import { isOver, turnOf } from '../model/match-status.js';
import { projectionOf } from './match-projection.js';
import type { MatchRecord, NewMatchRecord } from '../model/match-record.js';
import { MatchStore } from './match-store.js';
import { eventView } from '../view/match-event-view.js';
import { listView } from '../view/match-summary.js';
import type { MatchView } from '../view/match-view.js';
import { MatchesRepository, type PageRequest } from './matches.repository.js';

/** What a player asks for when creating a match (validated in shape by the DTO). */
export interface MatchTerms {
  readonly variant: Variant;
  readonly length: number;
  readonly opponent?: string;
  readonly colour?: Colour;
  readonly rules?: Partial<RulesOptions>;
  readonly daysPerTurn?: number | null;
  readonly bankDays?: number;
  readonly clientSeed?: string;
  /** Whether the match moves the players' ratings; matches to N points are rated unless this is false. */
  readonly rated?: boolean;
}

@Injectable()
export class MatchesService {
  constructor(
    private readonly store: MatchStore,
    private readonly matches: MatchesRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyContext,
    private readonly limits: MatchLimitsPolicy,
  ) {}

  /**
   * A new invitation (to `opponent`, or open to anyone); the creator takes a seat at once. Refused
   * past the creator's caps on waiting matches (nothing stored); an invitation asked rated is
   * created unrated, and says why, when the pair's rated matches of the day are used up.
   * With an Idempotency-Key, the answer is written with the match (IdempotencyContext).
   */
  async create(userId: string, terms: MatchTerms): Promise<MatchView> {
    const rules = checkTerms(terms);
    const creator = await this.users.findById(userId);
    if (creator === null) throw new UserNotFoundError('(the account of this token)');
    let invited: MatchRecord['invited'] = null;
    if (terms.opponent !== undefined) {
      const opponent = await this.users.findByUsername(terms.opponent);
      if (opponent === null) throw new UserNotFoundError(terms.opponent);
      if (opponent.id === userId) throw new InvalidMatchTermsError('You cannot invite yourself.', 'opponent');
      invited = { id: opponent.id, username: opponent.username };
    }
    const now = this.clock.now();
    const seed = generateServerSeed();
    const colour: Colour = terms.colour ?? (randomInt(2) === 0 ? 'white' : 'black');
    const record: NewMatchRecord = {
      id: randomUUID(),
      variant: terms.variant,
      length: terms.length,
      rules,
      daysPerTurn: terms.daysPerTurn ?? null,
      bankDays: terms.daysPerTurn ? (terms.bankDays ?? 0) : 0,
      creatorId: userId,
      source: 'played',
      importedPlayers: null,
      rated: terms.rated ?? terms.length > 0,
      unratedReason: null,
      invitedId: invited?.id ?? null,
      diceCommitment: commitment(seed),
      diceSeed: seed,
    };
    const join: MatchEvent = { type: 'join', colour, clientSeed: terms.clientSeed };
    const joined = apply(newMatch({ variant: record.variant, length: record.length, rules }), join);
    if (!joined.ok) throw new Error(`A new match refused its creator's join: ${joined.reason}`);
    const state = joined.state;
    const seat = { id: creator.id, username: creator.username, autoPlayForced: creator.autoPlayForced };
    const seats = { whiteId: colour === 'white' ? userId : null, blackId: colour === 'black' ? userId : null };
    const projection = projectionOf({ invited }, seats, state, newClock(record), null);
    const full: MatchRecord = {
      ...record,
      invited,
      white: colour === 'white' ? seat : null,
      black: colour === 'black' ? seat : null,
      version: 1,
      projection,
      createdAt: now,
      updatedAt: now,
    };
    const view = presentMatch(full, state, userId, now);
    const events = [{ event: join, actorId: userId, positionId: null }];
    // The statement decides whether the match is rated, and writes its decision over the stored answer too.
    const limits = this.limits.forCreation(now);
    const created = await this.store.createWithinLimits(
      record,
      events,
      state,
      projection,
      now,
      limits,
      this.idempotency.answer(view),
    );
    if (created.refusal !== null) throw new MatchLimitError(created.refusal, this.limits.capOf(created.refusal));
    if (created.rated === record.rated) return view;
    return presentMatch({ ...full, rated: created.rated, unratedReason: created.unratedReason }, state, userId, now);
  }

  async view(id: string, userId: string | null): Promise<MatchView> {
    const { record, state } = await this.store.load(id);
    return presentMatch(record, state, userId, this.clock.now());
  }

  /** Every legal play of the roll on the board; none (and no dice) when no play is awaited. */
  async legalPlays(id: string): Promise<MatchLegalPlaysView> {
    const { state } = await this.store.load(id);
    const { phase } = state;
    if (phase.kind !== 'play') return { dice: null, plays: [] };
    const backgammon = state.config.variant === 'backgammon';
    return {
      dice: phase.dice,
      plays: phase.plays.map((play) => ({
        moves: play.moves.map(({ from, to }) => ({ from, to })),
        text: play.text,
        position: play.position,
        ...(backgammon ? { positionId: encodePositionId(swapSides(play.position)) } : {}),
      })),
    };
  }

  async events(id: string, after: number, limit: number): Promise<EventsPage> {
    const record = await this.store.record(id);
    const stored = await this.store.events(record, after, Math.min(record.version, after + limit + 1));
    const page = stored.slice(0, limit);
    return {
      events: page.map(eventView),
      next: stored.length > limit ? page[page.length - 1].seq : null,
    };
  }

  /** The score, game and turn as they stood after event `seq`, rebuilt by replaying the log up to it. */
  async position(id: string, seq: number): Promise<PositionView> {
    const { record, state } = await this.store.loadAfter(id, seq);
    const current = seq === record.version ? record.projection.clock.deadline : null;
    const turn = turnOf(state);
    return {
      seq,
      score: { ...state.progress.score },
      crawford: state.game.crawford,
      game: gameView(state),
      turn: { ...turn, deadline: turn.player !== null && current ? current.toISOString() : null },
    };
  }

  /** The dice record anyone can check (docs/dice-fairness.md); the seed only once the match is over. */
  async fairness(id: string): Promise<FairnessView> {
    const { record, state } = await this.store.load(id);
    if (record.source === 'imported') throw new NoDiceDerivationError(id);
    const throws: ThrowView[] = [];
    for (const { seq, event } of await this.store.events(record)) {
      if (event.type === 'opening-roll')
        throws.push({ rollIndex: throws.length, seq, dice: [event.white, event.black] });
      if (event.type === 'roll') throws.push({ rollIndex: throws.length, seq, dice: [event.dice[0], event.dice[1]] });
    }
    return {
      algorithm: DICE_ALGORITHM,
      commitment: record.diceCommitment,
      seed: isOver(record.projection.status) ? record.diceSeed : null,
      clientSeeds: state.clientSeeds,
      throws,
    };
  }

  /** The caller's matches, newest first; with `awaitingMe`, only those where the caller must act, soonest deadline first. */
  async mine(userId: string, awaitingMe: boolean, page: PageRequest): Promise<MatchListView> {
    return listView(await (awaitingMe ? this.matches.inbox(userId, page) : this.matches.listForUser(userId, page)));
  }
}

/** The rules with defaults filled in, or the first reason the terms do not fit together. */
function checkTerms(terms: MatchTerms): RulesOptions {
  const resolved = resolveRules(terms.rules ?? {});
  if (!resolved.ok) {
    const [problem] = resolved.problems;
    throw new InvalidMatchTermsError(problem.message, `rules.${problem.field}`);
  }
  const { rules } = resolved;
  if (terms.length > 0) {
    for (const field of ['jacoby', 'beavers'] as const) {
      if (rules[field]) {
        throw new InvalidMatchTermsError(`The ${field} rule is for money sessions (length 0) only.`, `rules.${field}`);
      }
    }
    if (rules.automaticDoubles > 0) {
      throw new InvalidMatchTermsError(
        'Automatic doubles are for money sessions (length 0) only.',
        'rules.automaticDoubles',
      );
    }
  }
  if (!rules.cube && (rules.beavers || rules.jacoby || rules.automaticDoubles > 0 || rules.cubeLimit !== null)) {
    throw new InvalidMatchTermsError('Cube options need the cube (rules.cube).', 'rules.cube');
  }
  if (terms.rated === true && terms.length === 0) {
    throw new InvalidMatchTermsError('Money sessions (length 0) are unrated.', 'rated');
  }
  if ((terms.daysPerTurn === undefined || terms.daysPerTurn === null) && (terms.bankDays ?? 0) > 0) {
    throw new InvalidMatchTermsError('A time bank needs a clock (daysPerTurn).', 'bankDays');
  }
  return rules;
}
