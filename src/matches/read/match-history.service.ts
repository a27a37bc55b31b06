/**
 * Every list of matches, each a cursor page at a time (one cursor scheme,
 * src/common/page-cursor.ts): match history (docs/architecture.md, "Match
 * history"), the matches that pass the filters a client gives, newest first;
 * the open challenges, which are the same list's `open=true`; the caller's
 * own matches and inbox; and two players' record against each other.
 */
import { Injectable } from '@nestjs/common';
import type { Variant } from '../../engine/index.js';
import { UserNotFoundError, UsersRepository } from '../../users/index.js';
import { InvalidHistoryQueryError } from '../model/match.errors.js';
import type { MatchListView } from '../view/match-history-view.js';
import { MatchHistoryRepository } from './match-history.repository.js';
import type { MatchStatusName } from '../model/match-record.js';
import { listView } from '../view/match-summary.js';
import type { PageRequest } from '../../common/page-cursor.js';
import { MatchListsRepository } from './match-lists.repository.js';

/** A player's history filters, as the query string gives them. */
export interface PlayerHistoryQuery {
  readonly opponent?: string;
  readonly status?: MatchStatusName;
  readonly variant?: Variant;
  readonly result?: 'won' | 'lost';
  readonly length?: number;
  /** ISO 8601 instants. */
  readonly since?: string;
  readonly until?: string;
}

/** `GET /api/matches`: any player's (or every) history, or the open challenges. */
export interface MatchListQuery extends PlayerHistoryQuery {
  readonly player?: string;
  readonly open?: boolean;
}

/** Two players' record against each other, from the first's side. */
export interface HeadToHeadView {
  readonly player: string;
  readonly opponent: string;
  readonly matchesPlayed: number;
  readonly matchesWon: number;
  readonly matchesLost: number;
  readonly pointsWon: number;
  readonly pointsLost: number;
  readonly lastFinishedAt: string | null;
}

/** The filters that open challenges do not take. */
const NOT_FOR_OPEN_CHALLENGES = ['player', 'opponent', 'variant', 'result', 'length', 'since', 'until'] as const;

@Injectable()
export class MatchHistoryService {
  constructor(
    private readonly history: MatchHistoryRepository,
    private readonly lists: MatchListsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** With a `viewerId`, the open challenges leave out those of creators who blocked the viewer. */
  async list(query: MatchListQuery, page: PageRequest, viewerId: string | null = null): Promise<MatchListView> {
    if (query.open !== true) return this.find(query, page);
    if (query.status !== undefined && query.status !== 'invited') {
      throw new InvalidHistoryQueryError('Open challenges are invitations: status=invited, or no status.', 'status');
    }
    const extra = NOT_FOR_OPEN_CHALLENGES.find((name) => query[name] !== undefined);
    if (extra !== undefined) {
      throw new InvalidHistoryQueryError(`open=true lists the open challenges and takes no ${extra} filter.`, extra);
    }
    return listView(await this.lists.listOpenChallenges(page, viewerId));
  }

  /** The caller's matches, newest first; with `awaitingMe`, only those where the caller must act, soonest deadline first. */
  async mine(userId: string, awaitingMe: boolean, page: PageRequest): Promise<MatchListView> {
    return listView(await (awaitingMe ? this.lists.inbox(userId, page) : this.lists.listForUser(userId, page)));
  }

  /** `GET /api/users/{username}/matches`. */
  async ofPlayer(username: string, query: PlayerHistoryQuery, page: PageRequest): Promise<MatchListView> {
    return this.find({ ...query, player: username }, page);
  }

  private async find(query: MatchListQuery, page: PageRequest): Promise<MatchListView> {
    if (query.player === undefined) {
      for (const field of ['opponent', 'result'] as const) {
        if (query[field] !== undefined) {
          throw new InvalidHistoryQueryError(`The ${field} filter is relative to a player: give player too.`, field);
        }
      }
    }
    const since = query.since === undefined ? null : new Date(query.since);
    const until = query.until === undefined ? null : new Date(query.until);
    if (since !== null && until !== null && since.getTime() >= until.getTime()) {
      throw new InvalidHistoryQueryError('since must be before until.', 'until');
    }
    const playerId = query.player === undefined ? null : await this.userId(query.player);
    const opponentId = query.opponent === undefined ? null : await this.userId(query.opponent);
    const found = await this.history.find(
      {
        playerId,
        opponentId,
        status: query.status ?? null,
        variant: query.variant ?? null,
        result: query.result ?? null,
        length: query.length ?? null,
        since,
        until,
      },
      page,
    );
    return listView(found);
  }

  /** `GET /api/users/{username}/versus/{opponent}`: their finished matches against each other. */
  async versus(username: string, opponent: string): Promise<HeadToHeadView> {
    const [player, other] = [await this.user(username), await this.user(opponent)];
    const record = await this.history.headToHead(player.id, other.id);
    return {
      player: player.username,
      opponent: other.username,
      matchesPlayed: record.played,
      matchesWon: record.won,
      matchesLost: record.lost,
      pointsWon: record.pointsWon,
      pointsLost: record.pointsLost,
      lastFinishedAt: record.lastFinishedAt?.toISOString() ?? null,
    };
  }

  private async userId(username: string): Promise<string> {
    return (await this.user(username)).id;
  }

  private async user(username: string): Promise<{ readonly id: string; readonly username: string }> {
    const user = await this.users.findByUsername(username);
    if (user === null) throw new UserNotFoundError(username);
    return user;
  }
}
