/**
 * Creating matches, the one way a match comes to be (match-draft.ts): a new
 * invitation or open challenge played here, held to the creator's caps; or a
 * match read from a file (the interchange module reads and judges the file),
 * stored finished. Acting on a match is MatchActionsService's; reading it is
 * read/'s.
 */
import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import {
  apply,
  applyOrThrow,
  followUps,
  generateServerSeed,
  newMatch,
  resolveRules,
  type Colour,
  type MatchEvent,
  type MatchState,
  type RulesOptions,
  type Variant,
} from '../../engine/index.js';
import { IdempotencyContext } from '../../idempotency/index.js';
import { AccountClosedError, BlocksService, UserNotFoundError, UsersRepository, type User } from '../../users/index.js';
import { HouseBotPolicy } from '../../house-bots/index.js';
import { SeatChangedError } from '../../users/index.js';
import { BotCannotPlayError, InvalidMatchTermsError, MatchLimitError } from '../model/match.errors.js';
import type { MatchRecord, NewMatchEvent } from '../model/match-record.js';
import { presentMatch } from '../view/match-presenter.js';
import type { MatchView } from '../view/match-view.js';
import { positionIdOf } from '../view/match-presenter.js';
import { DiceRoller } from './dice-roller.js';
import { draftMatch, type MatchDraft } from './match-draft.js';
import { MatchLimitsPolicy } from './match-limits.js';
import { MatchStore } from './match-store.js';
import { seatOfUser } from './seat-of-user.js';

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

/**
 * A match the service arranges between two players, both seated from the start (a tournament's):
 * its id is the caller's, so that arranging it again stores nothing twice.
 */
export interface ArrangedMatchTerms {
  readonly id: string;
  readonly variant: Variant;
  readonly length: number;
  readonly rules: Partial<RulesOptions>;
  readonly daysPerTurn: number | null;
  readonly bankDays: number;
  readonly rated: boolean;
  readonly whiteId: string;
  readonly blackId: string;
}

/** A match read from a file and judged by the engine: its terms, its players as the file names them, and where it ended. */
export interface ImportedMatchTerms {
  readonly variant: Variant;
  readonly length: number;
  readonly rules: RulesOptions;
  readonly players: { readonly white: string; readonly black: string };
  /** The state after the file's events. */
  readonly state: MatchState;
}

@Injectable()
export class MatchesService {
  constructor(
    private readonly store: MatchStore,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyContext,
    private readonly limits: MatchLimitsPolicy,
    private readonly houseBots: HouseBotPolicy,
    private readonly roller: DiceRoller,
    private readonly blocks: BlocksService,
  ) {}

  /**
   * Stores the arranged match (both players seated, the opening throw made, as after a second join)
   * unless a match with its id exists: true when this call stored it. No caps apply: the players did
   * not choose it.
   */
  async arrange(terms: ArrangedMatchTerms): Promise<boolean> {
    const rules = checkMatchTerms(terms);
    // A house bot seated here was checked where it entered (its variant); whether gnubg answers now is
    // not asked: where it does not, `bot` decides its turns (docs/bots.md).
    const [white, black] = await Promise.all([this.creator(terms.whiteId), this.creator(terms.blackId)]);
    const seats = { white: seatOfUser(white), black: seatOfUser(black) };
    const joins: MatchEvent[] = [
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
    ];
    let joined = newMatch({ variant: terms.variant, length: terms.length, rules });
    const events: NewMatchEvent[] = [];
    for (const join of joins) {
      joined = applyOrThrow(joined, join);
      events.push({
        event: join,
        actorId: join.type === 'join' && join.colour === 'white' ? white.id : black.id,
        positionId: null,
      });
    }
    const diceSeed = generateServerSeed();
    const more = followUps(joined, {
      dice: { seed: diceSeed, matchId: terms.id, clientSeeds: joined.clientSeeds },
      roller: this.roller,
      autoPlayForced: (colour) => seats[colour].autoPlayForced,
    });
    for (const { event, player, state } of more.added) {
      events.push({ event, actorId: player === null ? null : seats[player].id, positionId: positionIdOf(state) });
    }
    const draft = draftMatch(
      {
        variant: terms.variant,
        length: terms.length,
        rules,
        daysPerTurn: terms.daysPerTurn,
        bankDays: terms.daysPerTurn === null ? 0 : terms.bankDays,
        creatorId: white.id,
        source: 'played',
        importedPlayers: null,
        rated: terms.rated && terms.length > 0,
        invited: null,
        white: seats.white,
        black: seats.black,
        events,
        state: more.state,
        fixed: { id: terms.id, diceSeed },
      },
      this.clock.now(),
    );
    return this.store.createIfAbsent(draft);
  }

  /**
   * A new invitation (to `opponent`, or open to anyone); the creator takes a seat at once. Refused
   * when the opponent has blocked the creator, when it invites a house bot to what it cannot play (docs/bots.md, "Who plays what"), and
   * past the creator's caps on waiting matches (nothing stored); an invitation asked rated is
   * created unrated, and says why, when the pair's rated matches of the day are used up.
   * With an Idempotency-Key, the answer is written with the match (IdempotencyContext).
   */
  async create(userId: string, terms: MatchTerms): Promise<MatchView> {
    try {
      return await this.createOnce(userId, terms);
    } catch (err: unknown) {
      // The creator became a bot between its read and the write (which wrote nothing): an account
      // does so once, so the match is drafted again, seated as a bot (docs/bots.md, "Outside bots").
      if (err instanceof SeatChangedError) return this.createOnce(userId, terms);
      throw err;
    }
  }

  private async createOnce(userId: string, terms: MatchTerms): Promise<MatchView> {
    const rules = checkMatchTerms(terms);
    const creator = await this.creator(userId);
    let invited: MatchRecord['invited'] = null;
    let invitedHouseBot = false;
    if (terms.opponent !== undefined) {
      const opponent = await this.users.findByUsername(terms.opponent);
      if (opponent === null) throw new UserNotFoundError(terms.opponent);
      if (opponent.state.closedAt !== null) throw new AccountClosedError(opponent.username);
      if (opponent.id === userId) throw new InvalidMatchTermsError('You cannot invite yourself.', 'opponent');
      // A player the opponent has blocked cannot invite them (docs/community.md, "Blocks").
      await this.blocks.refuseIfBlocked(opponent.id, userId);
      if (opponent.houseBot !== null) {
        const refusal = this.houseBots.refusal(opponent.houseBot, terms.variant);
        if (refusal !== null) throw new BotCannotPlayError(opponent.houseBot, refusal);
        invitedHouseBot = true;
      }
      invited = { id: opponent.id, username: opponent.username };
    }
    const now = this.clock.now();
    const colour: Colour = terms.colour ?? (randomInt(2) === 0 ? 'white' : 'black');
    const join: MatchEvent = { type: 'join', colour, clientSeed: terms.clientSeed };
    const joined = apply(newMatch({ variant: terms.variant, length: terms.length, rules }), join);
    if (!joined.ok) throw new Error(`A new match refused its creator's join: ${joined.reason}`);
    const seat = seatOfUser(creator);
    const draft = draftMatch(
      {
        variant: terms.variant,
        length: terms.length,
        rules,
        daysPerTurn: terms.daysPerTurn ?? null,
        bankDays: terms.daysPerTurn ? (terms.bankDays ?? 0) : 0,
        creatorId: userId,
        source: 'played',
        importedPlayers: null,
        rated: terms.rated ?? terms.length > 0,
        invited,
        white: colour === 'white' ? seat : null,
        black: colour === 'black' ? seat : null,
        events: [{ event: join, actorId: userId, positionId: null }],
        state: joined.state,
      },
      now,
    );
    return this.stored(draft, userId, { againstHouseBot: invitedHouseBot });
  }

  /**
   * Stores a match read from a file (its events judged by the engine): finished, read-only,
   * unrated, with nobody seated, its players named as the file names them and the importer as
   * its creator. With an Idempotency-Key, the answer is written with the match (IdempotencyContext).
   */
  async importMatch(
    userId: string,
    imported: ImportedMatchTerms,
    events: readonly NewMatchEvent[],
  ): Promise<MatchView> {
    await this.creator(userId);
    // The dice came from the file: the draft's seed derives none of them (GET /fairness must not say it does).
    const draft = draftMatch(
      {
        variant: imported.variant,
        length: imported.length,
        rules: imported.rules,
        daysPerTurn: null,
        bankDays: 0,
        creatorId: userId,
        source: 'imported',
        importedPlayers: imported.players,
        rated: false,
        invited: null,
        white: null,
        black: null,
        events,
        state: imported.state,
      },
      this.clock.now(),
    );
    return this.stored(draft, userId, null);
  }

  /** The account of the token creating a match. */
  private async creator(userId: string): Promise<User> {
    const creator = await this.users.findById(userId);
    if (creator === null) throw new UserNotFoundError('(the account of this token)');
    return creator;
  }

  /**
   * Stores the draft, held to the creator's caps when `limits` are given (those against a house bot
   * too when it invites one), and answers it as `userId` sees it. The statement decides whether a match played here is rated, and writes its decision
   * over the stored answer too.
   */
  private async stored(
    draft: MatchDraft,
    userId: string,
    limits: { readonly againstHouseBot: boolean } | null,
  ): Promise<MatchView> {
    const { record, state } = draft;
    const now = record.createdAt;
    const view = presentMatch(record, state, userId, now);
    const answer = this.idempotency.answer(view);
    if (limits === null) {
      await this.store.create(draft, answer);
      return view;
    }
    const created = await this.store.createWithinLimits(
      draft,
      this.limits.forCreation(now, limits.againstHouseBot),
      answer,
    );
    if (created.refusal !== null) throw new MatchLimitError(created.refusal, this.limits.capOf(created.refusal));
    if (created.rated === record.rated) return view;
    return presentMatch({ ...record, rated: created.rated, unratedReason: created.unratedReason }, state, userId, now);
  }
}

/** The rules with defaults filled in, or the first reason the terms do not fit together. */
export function checkMatchTerms(
  terms: Pick<MatchTerms, 'length' | 'rules' | 'rated' | 'daysPerTurn' | 'bankDays'>,
): RulesOptions {
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
