import type { Server } from 'node:http';
import request from 'supertest';
import type { RulesOptions } from '../../src/engine/index.js';

/**
 * An HTTP client of the matches API that knows nothing of the rules
 * (docs/architecture.md "Match state JSON": a client that posts what
 * `actions` lists, and for `plays` one of `GET legal-plays`, plays a whole
 * match). Its bodies are typed by the contract's shapes below, not by the
 * server's own classes, so the tests read the API as an outside client does.
 */

export type Colour = 'white' | 'black';

export interface Player {
  readonly username: string;
  readonly token: string;
}

export interface SideJson {
  readonly points: readonly number[];
  readonly bar: number;
  readonly off: number;
}

export interface BoardJson {
  readonly white: SideJson;
  readonly black: SideJson;
}

export interface MoveJson {
  readonly from: number;
  readonly to: number;
}

export interface GameJson {
  readonly number: number;
  readonly board: BoardJson;
  readonly cube: { readonly value: number; readonly owner: Colour | null };
  readonly dice: readonly number[] | null;
  readonly pips: { readonly white: number; readonly black: number };
  readonly positionId?: string;
  readonly matchId?: string;
}

export interface TurnJson {
  readonly player: Colour | null;
  readonly awaiting: 'roll' | 'cube-response' | 'play' | 'resignation-response' | null;
  readonly deadline: string | null;
}

export interface ScoreJson {
  readonly white: number;
  readonly black: number;
}

export interface ResultJson {
  readonly winner: Colour | null;
  readonly reason: 'points' | 'timeout' | 'leave';
  readonly score: ScoreJson;
}

/** A seat's player: the username, and whether a program plays the account (docs/bots.md). */
export interface PlayerRefJson {
  readonly username: string;
  readonly bot: boolean;
}

/** The rules as the state shows them: the engine's options, defaults filled in. */
export type RulesJson = RulesOptions;

export interface MatchStateJson {
  readonly id: string;
  readonly variant: 'backgammon' | 'long-nardy';
  readonly length: number;
  readonly daysPerTurn: number | null;
  readonly rules: RulesJson;
  readonly source: 'played' | 'imported';
  readonly rated: boolean;
  readonly unratedReason: 'pair-daily-limit' | 'aborted-by-leave' | null;
  readonly status: 'invited' | 'playing' | 'finished' | 'aborted' | 'declined';
  readonly version: number;
  readonly players: { readonly white: PlayerRefJson | null; readonly black: PlayerRefJson | null };
  readonly opponent: string | null;
  readonly you: Colour | null;
  readonly score: ScoreJson;
  readonly crawford: boolean;
  readonly game: GameJson;
  readonly turn: TurnJson;
  readonly actions: readonly string[];
  readonly result: ResultJson | null;
  readonly fairness: { readonly commitment: string; readonly seed: string | null } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface LegalPlayJson {
  readonly moves: readonly MoveJson[];
  readonly text: string;
  readonly position: unknown;
  readonly positionId?: string;
}

export interface LegalPlaysJson {
  readonly dice: readonly number[];
  readonly plays: readonly LegalPlayJson[];
}

/** A stored event: `seq`, `type`, `by`, `at` and the engine's fields of its type (docs/architecture.md "Match event model"). */
export interface EventJson {
  readonly seq: number;
  readonly type: string;
  readonly by?: Colour | null;
  readonly at: string;
  readonly [field: string]: unknown;
}

export interface EventsPageJson {
  readonly events: readonly EventJson[];
  readonly next: unknown;
}

export interface PositionJson {
  readonly seq: number;
  readonly score: ScoreJson;
  readonly crawford: boolean;
  readonly game: GameJson;
  readonly turn: TurnJson;
}

export interface FairnessJson {
  readonly commitment: string;
  readonly seed: string | null;
  readonly clientSeeds: readonly string[];
  readonly throws: readonly { readonly rollIndex: number; readonly seq: number; readonly dice: readonly number[] }[];
}

export interface ListJson<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

export interface ProblemJson {
  readonly status: number;
  readonly code: string;
  readonly detail?: string;
  readonly reason?: string;
  readonly currentVersion?: number;
  readonly deadline?: string;
  readonly errors?: readonly { readonly field: string }[];
}

export type Seats = Readonly<Record<Colour, Player>>;

/** How the rules-agnostic player decides, all choices drawn from `random` (seeded). */
export interface AutoPlayOptions {
  readonly random: () => number;
  /** Chance of doubling when `double` is offered (default 0.05). */
  readonly doubleRate?: number;
  /** Double only while the cube is below this value (default: no limit, as the rules have none). */
  readonly maxCube?: number;
  /** Chance of dropping, and of beavering when offered, in answer to a double (defaults 0.25 and 0.3). */
  readonly dropRate?: number;
  readonly beaverRate?: number;
  /** Money sessions: `leave` as soon as it is offered once this many games are over (default: never). */
  readonly leaveAfterGames?: number;
  /** Give up (and fail) after this many actions (default 4000). */
  readonly maxActions?: number;
}

export const PASSWORD = 'match-client-password';

const ALWAYS_FALSE = (): boolean => false;

export class MatchClient {
  /** Every response body the client received, in order, while `recording` (to search it). */
  readonly transcript: string[] = [];
  recording = false;

  constructor(readonly http: Server) {}

  async register(username: string, password = PASSWORD): Promise<Player> {
    await this.expectStatus(request(this.http).post('/api/users').send({ username, password }), 201);
    return this.login(username, password);
  }

  async login(username: string, password = PASSWORD): Promise<Player> {
    const res = await this.expectStatus(request(this.http).post('/api/auth/token').send({ username, password }), 200);
    return { username, token: (res.body as { accessToken: string }).accessToken };
  }

  /** POST /api/matches; 201 with the state expected. */
  async create(player: Player, body: Record<string, unknown>): Promise<MatchStateJson> {
    return (await this.expectStatus(this.createRaw(player, body), 201)).body as MatchStateJson;
  }

  createRaw(player: Player | null, body: Record<string, unknown>): request.Test {
    return this.authorised(request(this.http).post('/api/matches'), player).send(body);
  }

  /** POST /api/matches/{id}/{action}: the raw response, whatever its status. */
  act(
    player: Player | null,
    matchId: string,
    action: string,
    body: Record<string, unknown> = {},
    headers: Readonly<Record<string, string>> = {},
  ): request.Test {
    let req = this.authorised(request(this.http).post(`/api/matches/${matchId}/${action}`), player);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req.send(body);
  }

  /** An action that must succeed: 200 and the state, else an error showing the problem. */
  async ok(
    player: Player,
    matchId: string,
    action: string,
    body: Record<string, unknown> = {},
  ): Promise<MatchStateJson> {
    return (await this.expectStatus(this.act(player, matchId, action, body), 200)).body as MatchStateJson;
  }

  /** An action that must fail with `status`: the problem. */
  async refused(
    player: Player | null,
    matchId: string,
    action: string,
    status: number,
    body: Record<string, unknown> = {},
  ): Promise<ProblemJson> {
    const res = await this.expectStatus(this.act(player, matchId, action, body), status);
    expectProblem(res);
    return res.body as ProblemJson;
  }

  async state(matchId: string, player: Player | null = null): Promise<MatchStateJson> {
    return this.get<MatchStateJson>(`/api/matches/${matchId}`, player);
  }

  async legalPlays(matchId: string, player: Player | null = null): Promise<LegalPlaysJson> {
    return this.get<LegalPlaysJson>(`/api/matches/${matchId}/legal-plays`, player);
  }

  /** Every event of the match, page by page (`after` the last seq seen). */
  async events(matchId: string, pageSize = 100): Promise<EventJson[]> {
    const all: EventJson[] = [];
    for (;;) {
      const after = all.length === 0 ? 0 : all[all.length - 1].seq;
      const page = await this.get<EventsPageJson>(`/api/matches/${matchId}/events?after=${after}&limit=${pageSize}`);
      all.push(...page.events);
      if (page.events.length === 0 || page.next === null || page.next === undefined) return all;
    }
  }

  async position(matchId: string, seq: number): Promise<PositionJson> {
    return this.get<PositionJson>(`/api/matches/${matchId}/positions/${seq}`);
  }

  async fairness(matchId: string): Promise<FairnessJson> {
    return this.get<FairnessJson>(`/api/matches/${matchId}/fairness`);
  }

  async get<T>(path: string, player: Player | null = null): Promise<T> {
    return (await this.expectStatus(this.authorised(request(this.http).get(path), player), 200)).body as T;
  }

  async setAutoPlayForced(player: Player, autoPlayForced: boolean): Promise<void> {
    await this.expectStatus(
      this.authorised(request(this.http).patch('/api/users/me'), player).send({ autoPlayForced }),
      200,
    );
  }

  /**
   * Plays the match until it is over, as a client that knows no rules: the
   * player on turn (or, when nobody in particular is, whoever has actions)
   * posts one of its `actions`, and for `plays` one of `GET legal-plays`,
   * submitted as moves or as text, with or without the version acted on.
   * `stop` ends the loop early (e.g. to look at a state in the middle).
   */
  async playUntil(
    matchId: string,
    seats: Seats,
    options: AutoPlayOptions,
    stop: (state: MatchStateJson) => boolean = ALWAYS_FALSE,
  ): Promise<MatchStateJson> {
    const maxActions = options.maxActions ?? 4000;
    let state = await this.state(matchId, seats.white);
    for (let count = 0; state.status === 'playing' && !stop(state); count++) {
      if (count >= maxActions) throw new Error(`match ${matchId} not over after ${maxActions} actions`);
      const [colour, view] = await this.onTurn(matchId, seats, state);
      state = await this.actOnce(matchId, seats[colour], view, options);
    }
    return state;
  }

  /**
   * Posts one of the actions `view` (the state as `player` sees it) lists, chosen as `playUntil`
   * chooses, and for `plays` one of `GET legal-plays`; answers the state after it.
   */
  async actOnce(
    matchId: string,
    player: Player,
    view: MatchStateJson,
    options: AutoPlayOptions,
  ): Promise<MatchStateJson> {
    const { random } = options;
    const action = this.choose(view, options);
    const body: Record<string, unknown> = random() < 0.5 ? { expectedVersion: view.version } : {};
    if (action === 'plays') {
      const { dice, plays } = await this.legalPlays(matchId, player);
      if (plays.length === 0) throw new Error(`legal-plays is empty while ${player.username} must play in ${matchId}`);
      if (JSON.stringify(dice) !== JSON.stringify(view.game.dice)) {
        throw new Error(
          `legal-plays is for ${JSON.stringify(dice)}, the state shows ${JSON.stringify(view.game.dice)}`,
        );
      }
      const play = plays[Math.floor(random() * plays.length)];
      if (random() < 0.5) body.moves = play.moves;
      else body.text = play.text;
    }
    return this.ok(player, matchId, action, body);
  }

  /** Who acts now, and the state as that player sees it. */
  private async onTurn(matchId: string, seats: Seats, state: MatchStateJson): Promise<[Colour, MatchStateJson]> {
    const colour = state.turn.player;
    if (colour !== null) return [colour, state.you === colour ? state : await this.state(matchId, seats[colour])];
    for (const c of ['white', 'black'] as const) {
      const view = state.you === c ? state : await this.state(matchId, seats[c]);
      if (view.actions.length > 0) return [c, view];
    }
    throw new Error(`match ${matchId} is playing but nobody has an action: ${JSON.stringify(state)}`);
  }

  /** One of the listed actions that moves the match on; resignations only in answer to one. */
  private choose(view: MatchStateJson, options: AutoPlayOptions): string {
    const { random, leaveAfterGames } = options;
    const has = (a: string): boolean => view.actions.includes(a);
    const gamesOver = view.game.number - 1;
    if (has('leave') && leaveAfterGames !== undefined && gamesOver >= leaveAfterGames) return 'leave';
    if (has('plays')) return 'plays';
    if (has('take') || has('drop')) {
      const r = random();
      if (has('beaver') && r < (options.beaverRate ?? 0.3)) return 'beaver';
      return random() < (options.dropRate ?? 0.25) && has('drop') ? 'drop' : 'take';
    }
    if (has('resignation/accept')) return random() < 0.5 ? 'resignation/accept' : 'resignation/reject';
    const cubeBelowMax = options.maxCube === undefined || view.game.cube.value < options.maxCube;
    if (has('double') && cubeBelowMax && random() < (options.doubleRate ?? 0.05)) return 'double';
    if (has('roll')) return 'roll';
    throw new Error(`no action moves the match on: ${JSON.stringify(view.actions)} in ${JSON.stringify(view.turn)}`);
  }

  private authorised(req: request.Test, player: Player | null): request.Test {
    return player === null ? req : req.set('Authorization', `Bearer ${player.token}`);
  }

  /** Awaits the request and checks its status, failing with the body (the server's problem) when it differs. */
  private async expectStatus(req: request.Test, status: number): Promise<request.Response> {
    const { method, url } = req as unknown as { method: string; url: string };
    const res = await req;
    if (this.recording) this.transcript.push(res.text);
    if (res.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.status}: ${res.text}`);
    return res;
  }
}

/** A problem+json answer (docs/architecture.md "Errors"). */
export function expectProblem(res: request.Response): void {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: res.status, code: expect.any(String) as unknown });
}
