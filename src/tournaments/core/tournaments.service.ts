/**
 * The tournaments' use cases (docs/tournaments.md): creating one, entering
 * and withdrawing, starting and cancelling, and reading. Each change goes
 * through the writer (the engine judges it); what follows a start, a result
 * or a withdrawal (matches to create, forfeits) is the progress's
 * (tournament-progress.ts), on the step the change marks.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import { cursorCodec, instantKey, uuidKey } from '../../common/page-cursor.js';
import {
  DEFAULT_RULES,
  foldTournament,
  newTournament,
  roundsOf,
  roundLength,
  seedOrder,
  termsProblems,
  type RulesOptions,
  type TournamentEvent,
  type TournamentStatus,
  type TournamentTerms,
} from '../../engine/index.js';
import { HouseBotPolicy } from '../../house-bots/index.js';
import { checkMatchTerms } from '../../matches/index.js';
import { BlocksService, UserNotFoundError, UsersRepository, type User } from '../../users/index.js';
import {
  EntryNotAllowedError,
  InvalidTournamentTermsError,
  NotTheOrganiserError,
  TooManyOpenTournamentsError,
  TooManyTournamentsError,
  TournamentEventNotFoundError,
  TournamentNotFoundError,
} from '../model/tournament.errors.js';
import type { StoredTournamentEvent, TournamentCursor } from '../model/tournament-record.js';
import { presentTournament, type TournamentView } from '../view/tournament-view.js';
import { TournamentWriter } from './tournament-writer.js';
import { TournamentsRepository } from './tournaments.repository.js';

/** What the organiser asks for (validated in shape by the DTO); omitted terms take their defaults. */
export type TournamentRequest = Omit<
  TournamentTerms,
  'rules' | 'minRating' | 'maxRating' | 'entriesCloseAt' | 'startsAt'
> & {
  readonly rules?: Partial<RulesOptions>;
  readonly minRating?: number | null;
  readonly maxRating?: number | null;
  readonly entriesCloseAt?: string | null;
  readonly startsAt?: string | null;
};

export interface TournamentList {
  readonly tournaments: readonly TournamentView[];
  /** The next page's cursor; null on the last. */
  readonly next: string | null;
}

/** The window the creations of an account are counted in (TOURNAMENTS_CREATED_PER_DAY). */
const DAY_MS = 24 * 3600 * 1000;

/** The list's cursor: newest first, (created_at, id). */
const TOURNAMENT_CURSOR = cursorCodec('tournaments', { createdAt: instantKey, id: uuidKey });

@Injectable()
export class TournamentsService {
  private readonly openPerOrganiser: number;
  private readonly createdPerDay: number;

  constructor(
    private readonly repository: TournamentsRepository,
    private readonly writer: TournamentWriter,
    private readonly users: UsersRepository,
    private readonly houseBots: HouseBotPolicy,
    private readonly clock: Clock,
    private readonly blocks: BlocksService,
    @Inject(ConfigService) config: ConfigService<Environment, true>,
  ) {
    this.openPerOrganiser = config.get('TOURNAMENTS_OPEN_PER_ORGANISER', { infer: true });
    this.createdPerDay = config.get('TOURNAMENTS_CREATED_PER_DAY', { infer: true });
  }

  /**
   * `userId` creates a tournament and is its organiser; refused at the caps on open tournaments and
   * on creations a day (docs/tournaments.md, "Limits"), with nothing stored.
   */
  async create(userId: string, request: TournamentRequest): Promise<TournamentView> {
    const organiser = await this.user(userId);
    const now = this.clock.now();
    const terms: TournamentTerms = {
      ...request,
      name: request.name.trim(),
      rules: { ...DEFAULT_RULES, ...request.rules },
      minRating: request.minRating ?? null,
      maxRating: request.maxRating ?? null,
      // Instants as the engine compares them: ISO 8601 in UTC with milliseconds.
      entriesCloseAt: instant(request.entriesCloseAt),
      startsAt: instant(request.startsAt),
    };
    const [problem] = termsProblems(terms);
    if (problem !== undefined) throw new InvalidTournamentTermsError(problem.message, problem.field);
    for (const at of [terms.entriesCloseAt, terms.startsAt]) {
      if (at !== null && at <= now.toISOString()) {
        throw new InvalidTournamentTermsError(
          'Times must be in the future.',
          at === terms.startsAt ? 'startsAt' : 'entriesCloseAt',
        );
      }
    }
    // Every length the rounds may play must make a good match with these rules and clock.
    const rounds = terms.format === 'knockout' ? roundsOf(terms.maxPlayers) : 1;
    const resolved = new Set(Array.from({ length: rounds }, (_, i) => roundLength(terms.lengths, i + 1, rounds)));
    let rules = terms.rules;
    for (const length of [...resolved, ...terms.lengths]) {
      rules = checkMatchTerms({
        length,
        rules: terms.rules,
        rated: terms.rated,
        daysPerTurn: terms.daysPerTurn,
        bankDays: terms.bankDays,
      });
    }
    const event: Extract<TournamentEvent, { type: 'created' }> = {
      type: 'created',
      organiser: { id: organiser.id, username: organiser.username },
      terms: { ...terms, rules, bankDays: terms.daysPerTurn === null ? 0 : terms.bankDays },
    };
    const id = randomUUID();
    const state = newTournament(event);
    const refusal = await this.repository.create(id, state, event, now, {
      openPerOrganiser: this.openPerOrganiser,
      createdPerDay: this.createdPerDay,
      since: new Date(now.getTime() - DAY_MS),
    });
    if (refusal?.cap === 'open') throw new TooManyOpenTournamentsError(this.openPerOrganiser);
    if (refusal?.cap === 'per-day') {
      const waitMs = refusal.freeFrom.getTime() + DAY_MS - now.getTime();
      throw new TooManyTournamentsError(this.createdPerDay, Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return presentTournament({ id, version: 1, state, createdAt: now, updatedAt: now }, now);
  }

  /**
   * The tournament as it stands; with `version`, as it stood after that event of its log, folded
   * again from the log (docs/tournaments.md, "The log"): 404 `event-not-found` past its last.
   */
  async get(id: string, version: number | null = null): Promise<TournamentView> {
    const record = await this.writer.load(id);
    if (version === null) return presentTournament(record, this.clock.now());
    if (version < 1 || version > record.version) throw new TournamentEventNotFoundError(version, record.version);
    const events = await this.repository.log(id);
    const state = foldTournament(events.slice(0, version));
    // The instant it stood so is the event's; entries then are judged as of then.
    const [event] = await this.repository.events(id, version - 1, 1);
    return presentTournament({ ...record, version, state, updatedAt: event.at }, event.at);
  }

  async list(
    status: TournamentStatus | null,
    cursor: string | null,
    limit: number,
    { player, match }: { readonly player: string | null; readonly match: string | null } = {
      player: null,
      match: null,
    },
  ): Promise<TournamentList> {
    const after: TournamentCursor | null = cursor === null ? null : TOURNAMENT_CURSOR.decode(cursor);
    let playerId: string | null = null;
    if (player !== null) {
      const user = await this.users.findByUsername(player);
      if (user === null) throw new UserNotFoundError(player);
      playerId = user.id;
    }
    const page = await this.repository.list(status, after, limit, playerId, match);
    const now = this.clock.now();
    const last = page.records[page.records.length - 1];
    return {
      tournaments: page.records.map((r) => presentTournament(r, now)),
      next:
        page.more && last !== undefined ? TOURNAMENT_CURSOR.encode({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }

  /**
   * `userId` enters; or, with `username`, the organiser enters a house bot (where bots are allowed
   * and the bot plays the variant).
   */
  async enter(id: string, userId: string, username?: string): Promise<TournamentView> {
    const caller = await this.user(userId);
    const now = this.clock.now();
    const record = await this.writer.load(id);
    let entrant = caller;
    if (username !== undefined && username.toLowerCase() !== caller.username.toLowerCase()) {
      if (record.state.organiser.id !== userId) throw new NotTheOrganiserError('enter someone else (a house bot)');
      const bot = await this.users.findByUsername(username);
      if (bot === null) throw new UserNotFoundError(username);
      if (bot.houseBot === null) {
        throw new EntryNotAllowedError(`${bot.username} is no house bot: players and outside bots enter themselves.`);
      }
      const refusal = this.houseBots.refusal(bot.houseBot, record.state.terms.variant);
      if (refusal !== null) throw new EntryNotAllowedError(`${bot.username} cannot play this tournament: ${refusal}`);
      entrant = bot;
    } else {
      // A player the organiser has blocked cannot enter (docs/community.md, "Blocks").
      await this.blocks.refuseIfBlocked(record.state.organiser.id, userId);
    }
    const event: TournamentEvent = {
      type: 'entered',
      player: { id: entrant.id, username: entrant.username },
      rating: entrant.rating,
      bot: entrant.kind === 'bot',
      at: now.toISOString(),
    };
    const after = await this.writer.change(
      id,
      () => ({ events: [event], actorId: userId, entries: { entered: [entrant.id] } }),
      record,
    );
    return presentTournament(after, now);
  }

  /** `userId` withdraws: before the start the entry is taken back; after it, they forfeit what is left. */
  async withdraw(id: string, userId: string): Promise<TournamentView> {
    const after = await this.writer.change(id, (record) => ({
      events: [{ type: 'withdrew', player: userId }],
      actorId: userId,
      entries: record.state.status === 'open' ? { left: [userId] } : {},
    }));
    return presentTournament(after, this.clock.now());
  }

  /** The organiser starts it (at least 2 entrants in a knock-out, 3 in a round-robin), seeded by the ratings now. */
  async start(id: string, userId: string | null): Promise<TournamentView> {
    const record = await this.writer.load(id);
    if (userId !== null && record.state.organiser.id !== userId) throw new NotTheOrganiserError('start it');
    const ratings = await this.ratings(record.state.entrants.map((e) => e.id));
    const after = await this.writer.change(
      id,
      (current) => ({
        events: [{ type: 'started', seeds: seedOrder(current.state.entrants, ratings) }],
        actorId: userId,
      }),
      record,
    );
    return presentTournament(after, this.clock.now());
  }

  /** The organiser cancels it before the start. */
  async cancel(id: string, userId: string): Promise<TournamentView> {
    const after = await this.writer.change(id, (record) => {
      if (record.state.organiser.id !== userId) throw new NotTheOrganiserError('cancel it');
      return { events: [{ type: 'cancelled', reason: 'organiser' }], actorId: userId };
    });
    return presentTournament(after, this.clock.now());
  }

  /** The start time came with too few entrants: cancelled. */
  async cancelForTooFew(id: string): Promise<void> {
    await this.writer.change(id, (record) =>
      record.state.status === 'open'
        ? { events: [{ type: 'cancelled', reason: 'too-few-entrants' }], actorId: null }
        : { events: [], actorId: null },
    );
  }

  async events(
    id: string,
    after: number,
    limit: number,
  ): Promise<{ version: number; events: StoredTournamentEvent[] }> {
    const version = await this.repository.version(id);
    if (version === null) throw new TournamentNotFoundError();
    return { version, events: await this.repository.events(id, after, limit) };
  }

  private async user(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (user === null) throw new UserNotFoundError('(the account of this token)');
    return user;
  }

  private async ratings(ids: readonly string[]): Promise<Map<string, number>> {
    const users = await Promise.all(ids.map((id) => this.users.findById(id)));
    return new Map(users.flatMap((u) => (u === null ? [] : [[u.id, u.rating] as const])));
  }
}

function instant(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : new Date(text).toISOString();
}
