/**
 * The entry of a house-bot decision thread (bot-decision-pool.ts): the
 * engine's decision for `bot-easy` and `bot` (and `bot` standing in for
 * gnubg), off the server's event loop. The state comes as plain data
 * (the engine's `portableState`); the random source is made here from the
 * match and the version, as on the event loop (decision-random.ts).
 */
import {
  STRONG_PLIES,
  botDecision,
  restoredState,
  type BotDecision,
  type BotLevel,
  type Colour,
  type PortableMatchState,
} from '../engine/index.js';
import { decisionRandom } from './decision-random.js';

/** One decision to make. */
export interface BotDecisionTask {
  readonly state: PortableMatchState;
  readonly colour: Colour;
  readonly level: BotLevel;
  /** The match and the version decided on: the random source's seed. */
  readonly matchId: string;
  readonly version: number;
  /** `bot`'s look-ahead, at most (BOT_PLIES); none: its own. */
  readonly maxPlies?: number;
  /**
   * How long `bot` may search its plays (BOT_TIME_LIMIT_MS). Its budget of positions keeps a search
   * under a quarter of a second on an idle node, and the same on every run; on a loaded node (the
   * threads run at a lower priority) it can take many times that, so past this the ply under way is
   * given up and the ranking of the ply before stands (docs/bots.md "Deciding").
   */
  readonly timeLimitMs: number;
}

export default function decide(task: BotDecisionTask): BotDecision | null {
  const state = restoredState(task.state);
  const own = STRONG_PLIES[state.config.variant];
  const plies = task.maxPlies === undefined ? own : Math.min(own, task.maxPlies);
  const until = performance.now() + task.timeLimitMs;
  const interrupt = (): boolean => performance.now() > until;
  return botDecision(state, task.colour, task.level, decisionRandom(task.matchId, task.version), { plies, interrupt });
}
