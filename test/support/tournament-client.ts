import type { Server } from 'node:http';
import request from 'supertest';
import { sleep } from './bot-opponent.js';
import { expectProblem, type MatchClient, type Player, type ProblemJson } from './match-client.js';

/** A tournament as GET /api/tournaments/{id} answers it (the fields the tests read). */
export interface TournamentJson {
  readonly id: string;
  readonly name: string;
  readonly status: 'open' | 'running' | 'finished' | 'cancelled';
  readonly format: 'knockout' | 'round-robin';
  readonly organiser: string;
  readonly entriesOpen: boolean;
  readonly entrants: readonly {
    username: string;
    seed: number | null;
    rating: number;
    bot: boolean;
    withdrawn: boolean;
  }[];
  readonly rounds: readonly {
    number: number;
    length: number;
    matches: readonly {
      slot: number;
      matchId: string | null;
      players: readonly [string | null, string | null];
      waiting: readonly [boolean, boolean];
      winner: string | null;
      points: readonly [number, number] | null;
      decidedBy: 'match' | 'bye' | 'walkover' | null;
    }[];
  }[];
  readonly standings: readonly {
    username: string;
    played: number;
    won: number;
    lost: number;
    pointsFor: number;
    pointsAgainst: number;
    rank: number;
    tieBreak: string | null;
    withdrawn: boolean;
  }[];
  readonly champion: string | null;
  readonly version: number;
}

export type TournamentMatchJson = TournamentJson['rounds'][number]['matches'][number];

/** Polls between looks at a tournament the relay moves on: a guard against one that never does, not a time limit. */
const POLLS = 3_000;
const POLL_MS = 20;

/** The tournaments' API, as a client writes against it. */
export class TournamentClient {
  constructor(readonly http: Server) {}

  private authorised(req: request.Test, player: Player | null): request.Test {
    return player === null ? req : req.set('Authorization', `Bearer ${player.token}`);
  }

  createRaw(player: Player | null, body: Record<string, unknown>): request.Test {
    return this.authorised(request(this.http).post('/api/tournaments'), player).send(body);
  }

  async create(player: Player, body: Record<string, unknown>): Promise<TournamentJson> {
    return (await this.expect(this.createRaw(player, body), 201)).body as TournamentJson;
  }

  enterRaw(player: Player | null, id: string, username?: string): request.Test {
    return this.authorised(request(this.http).post(`/api/tournaments/${id}/entries`), player).send(
      username === undefined ? {} : { username },
    );
  }

  async enter(player: Player, id: string, username?: string): Promise<TournamentJson> {
    return (await this.expect(this.enterRaw(player, id, username), 200)).body as TournamentJson;
  }

  withdrawRaw(player: Player | null, id: string): request.Test {
    return this.authorised(request(this.http).delete(`/api/tournaments/${id}/entries/me`), player);
  }

  async withdraw(player: Player, id: string): Promise<TournamentJson> {
    return (await this.expect(this.withdrawRaw(player, id), 200)).body as TournamentJson;
  }

  commandRaw(player: Player | null, id: string, command: 'start' | 'cancel'): request.Test {
    return this.authorised(request(this.http).post(`/api/tournaments/${id}/${command}`), player).send({});
  }

  async start(player: Player, id: string): Promise<TournamentJson> {
    return (await this.expect(this.commandRaw(player, id, 'start'), 200)).body as TournamentJson;
  }

  async get(id: string): Promise<TournamentJson> {
    return (await this.expect(request(this.http).get(`/api/tournaments/${id}`), 200)).body as TournamentJson;
  }

  /** The refusal of `req`: `status`, a problem document, and its `code`. */
  async refused(req: request.Test, status: number, code: string): Promise<ProblemJson> {
    const res = await this.expect(req, status);
    expectProblem(res);
    expect((res.body as ProblemJson).code).toBe(code);
    return res.body as ProblemJson;
  }

  /** The tournament once `ready` holds of it (the relay runs in the background; polled). */
  async waitFor(id: string, ready: (t: TournamentJson) => boolean, what: string): Promise<TournamentJson> {
    for (let poll = 0; poll < POLLS; poll++) {
      const tournament = await this.get(id);
      if (ready(tournament)) return tournament;
      await sleep(POLL_MS);
    }
    throw new Error(`tournament ${id}: ${what} never came (${JSON.stringify(await this.get(id))})`);
  }

  private async expect(req: request.Test, status: number): Promise<request.Response> {
    const res = await req;
    if (res.status !== status) {
      throw new Error(
        `${res.request.method} ${res.request.url}: ${res.status} (expected ${status}) ${JSON.stringify(res.body)}`,
      );
    }
    return res;
  }
}

/** The matches under way: created, not decided. */
export function runningMatches(t: TournamentJson): TournamentMatchJson[] {
  return t.rounds.flatMap((r) =>
    r.matches.filter((m) => m.matchId !== null && m.decidedBy === null && m.winner === null),
  );
}

/** Every slot decided by a match. */
export function decidedMatches(t: TournamentJson): TournamentMatchJson[] {
  return t.rounds.flatMap((r) => r.matches.filter((m) => m.decidedBy === 'match'));
}

/** The test app's settings for tournament tests: many sign-ins from one address, a quick relay. */
export const TOURNAMENT_TEST_ENV = { AUTH_THROTTLE_LIMIT: '1000', TOURNAMENTS_POLL_MS: '200' } as const;

/** Players by name, each registered the first time it is named. */
export class Roster {
  private readonly players = new Map<string, Player>();

  constructor(private readonly client: MatchClient) {}

  async player(name: string): Promise<Player> {
    const known = this.players.get(name);
    if (known !== undefined) return known;
    const registered = await this.client.register(name);
    this.players.set(name, registered);
    return registered;
  }
}
