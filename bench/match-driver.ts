import type { JsonClient } from './http-client.js';

/**
 * A client that plays a match over HTTP knowing no rules (docs/architecture.md
 * "Match state JSON"): the player who may act posts one of its `actions`, and
 * for `plays` one of `GET legal-plays`, always with the version it acted on.
 * Shared by the HTTP benchmark and the crash test.
 */

export type Colour = 'white' | 'black';

export interface Seat {
  readonly username: string;
  readonly token: string;
}

/** The fields of the match state JSON the driver reads. */
export interface MatchView {
  readonly id: string;
  readonly status: string;
  readonly version: number;
  readonly you: Colour | null;
  readonly turn: { readonly player: Colour | null; readonly awaiting: string | null };
  readonly actions: readonly string[];
  readonly game: { readonly number: number };
}

/** One action posted: what, by whom, on which version, and how the server answered. */
export interface PostedAction {
  readonly matchId: string;
  readonly action: string;
  readonly colour: Colour;
  /** The version acted on: the action's own event, if written, is seq `actedOn + 1`. */
  readonly actedOn: number;
  readonly status: number;
  /** The problem's code, for a refusal. */
  readonly code: string | null;
  /** The version in the answer (200 only). */
  readonly versionAfter: number | null;
  readonly ms: number;
}

export interface DriveOptions {
  readonly random: () => number;
  /** Chance of doubling when `double` is offered (default 0.02; 0 never). */
  readonly doubleRate?: number;
  /** Chance of dropping a double (default 0.2). */
  readonly dropRate?: number;
  /** Told of every action posted, as soon as its answer is in. */
  readonly onAction?: (posted: PostedAction) => void;
  /** Awaited before each action: a shared schedule (bench/pacer.ts) paces the loops. */
  readonly pace?: () => Promise<void>;
  /** Called before each action with the match as it stands (phase 4: waits for the turn's webhook). */
  readonly beforeAction?: (view: MatchView) => Promise<void>;
  /** Ends the loop before the next action when true. */
  readonly stop?: (view: MatchView) => boolean;
  /** Gives up (throws) after this many actions (default 20,000). */
  readonly maxActions?: number;
}

/** Unexpected answers (not 200, not 409) in a row after which the driver gives up. */
const MAX_FAILURES_IN_A_ROW = 3;

export class MatchDriver {
  constructor(
    private readonly client: JsonClient,
    private readonly seats: Readonly<Record<Colour, Seat>>,
    private readonly options: DriveOptions,
  ) {}

  /** Unexpected answers in a row so far. */
  private failures = 0;

  /** Plays the match until it is over, or `stop`; answers the last state seen. */
  async drive(matchId: string): Promise<MatchView> {
    const maxActions = this.options.maxActions ?? 20_000;
    let view = await this.view(matchId, 'white');
    for (let count = 0; view.status === 'playing' && !(this.options.stop?.(view) ?? false); count++) {
      if (count >= maxActions) throw new Error(`match ${matchId} not over after ${maxActions} actions`);
      await this.options.pace?.();
      await this.options.beforeAction?.(view);
      view = await this.step(view);
    }
    return view;
  }

  /**
   * One action on the match of `view` (a match being played), with the reads
   * it takes (the acting player's state, the legal plays): the state after it,
   * or, when it was refused with 409, the state as it now is.
   */
  async step(view: MatchView): Promise<MatchView> {
    const matchId = view.id;
    const [colour, mine] = await this.whoActs(view);
    const action = this.choose(mine);
    const body: Record<string, unknown> = { expectedVersion: mine.version };
    if (action === 'plays') body.moves = await this.randomPlay(matchId);
    const answer = await this.client.send('POST', `/api/matches/${matchId}/${action}`, this.seats[colour].token, body);
    const ok = answer.status === 200;
    this.options.onAction?.({
      matchId,
      action,
      colour,
      actedOn: mine.version,
      status: answer.status,
      code: ok ? null : problemCode(answer.body),
      versionAfter: ok ? (answer.body as MatchView).version : null,
      ms: answer.ms,
    });
    if (ok) {
      this.failures = 0;
      return answer.body as MatchView;
    }
    if (answer.status !== 409 && ++this.failures >= MAX_FAILURES_IN_A_ROW) {
      throw new Error(`POST ${action} on ${matchId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return this.view(matchId, colour);
  }

  /** The match as `colour`'s player sees it. */
  async view(matchId: string, colour: Colour): Promise<MatchView> {
    const answer = await this.client.send('GET', `/api/matches/${matchId}`, this.seats[colour].token);
    if (answer.status !== 200) throw new Error(`GET match ${matchId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as MatchView;
  }

  /** The player on turn, or (between the games of a money session) the first who has an action. */
  private async whoActs(view: MatchView): Promise<[Colour, MatchView]> {
    const candidates: Colour[] = view.turn.player !== null ? [view.turn.player] : ['white', 'black'];
    for (const colour of candidates) {
      const mine = view.you === colour ? view : await this.view(view.id, colour);
      if (mine.actions.length > 0) return [colour, mine];
    }
    throw new Error(`match ${view.id} is playing but nobody has an action (turn ${JSON.stringify(view.turn)})`);
  }

  private async randomPlay(matchId: string): Promise<unknown> {
    const answer = await this.client.send('GET', `/api/matches/${matchId}/legal-plays`, null);
    const plays = (answer.body as { plays?: { moves: unknown }[] } | null)?.plays ?? [];
    if (answer.status !== 200 || plays.length === 0) {
      throw new Error(`GET legal-plays of ${matchId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return plays[Math.floor(this.options.random() * plays.length)].moves;
  }

  /** An action that moves the match on: never resign, abort or leave. */
  private choose(view: MatchView): string {
    const { random } = this.options;
    const has = (a: string): boolean => view.actions.includes(a);
    if (has('plays')) return 'plays';
    if (has('take')) return has('drop') && random() < (this.options.dropRate ?? 0.2) ? 'drop' : 'take';
    if (has('resignation/reject')) return 'resignation/reject';
    if (has('double') && random() < (this.options.doubleRate ?? 0.02)) return 'double';
    if (has('roll')) return 'roll';
    throw new Error(`no action moves ${view.id} on: ${JSON.stringify(view.actions)}`);
  }
}

function problemCode(body: unknown): string {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
