/**
 * The evaluator's five chances (docs/bots.md "The evaluator"), always for the
 * side on roll: it wins; wins a gammon or more (mars in long nardy); wins a
 * backgammon (koks); loses a gammon or more; loses a backgammon. Each "or
 * more" chance includes the larger result, as in GNU Backgammon's outputs.
 */
export const WIN = 0;
export const WIN_GAMMON = 1;
export const WIN_BACKGAMMON = 2;
export const LOSE_GAMMON = 3;
export const LOSE_BACKGAMMON = 4;

/** Five chances, indexed by the constants above. */
export type Outcomes = Float64Array;

export function newOutcomes(): Outcomes {
  return new Float64Array(5);
}

/** The same chances seen by the other side: `into` may be `from`. */
export function flipOutcomes(from: Outcomes, into: Outcomes): Outcomes {
  const win = from[WIN];
  const wg = from[WIN_GAMMON];
  const wbg = from[WIN_BACKGAMMON];
  into[WIN] = 1 - win;
  into[WIN_GAMMON] = from[LOSE_GAMMON]!;
  into[WIN_BACKGAMMON] = from[LOSE_BACKGAMMON]!;
  into[LOSE_GAMMON] = wg;
  into[LOSE_BACKGAMMON] = wbg;
  return into;
}

/**
 * Cubeless equity of the chances, in points per cube value: a single win
 * counts 1, a gammon 2, a backgammon 3 (`bgWorth` 2 where backgammons count
 * as gammons: long nardy without koks).
 */
export function cubelessEquity(o: Outcomes, bgWorth: 2 | 3 = 3): number {
  const extra = bgWorth - 2;
  return 2 * o[WIN] - 1 + o[WIN_GAMMON] - o[LOSE_GAMMON] + extra * (o[WIN_BACKGAMMON] - o[LOSE_BACKGAMMON]);
}

/** Makes the chances consistent: gammons within wins, backgammons within gammons. */
export function sanitizeOutcomes(o: Outcomes): Outcomes {
  const win = clamp01(o[WIN]);
  o[WIN] = win;
  o[WIN_GAMMON] = Math.min(clamp01(o[WIN_GAMMON]), win);
  o[WIN_BACKGAMMON] = Math.min(clamp01(o[WIN_BACKGAMMON]), o[WIN_GAMMON]);
  o[LOSE_GAMMON] = Math.min(clamp01(o[LOSE_GAMMON]), 1 - win);
  o[LOSE_BACKGAMMON] = Math.min(clamp01(o[LOSE_BACKGAMMON]), o[LOSE_GAMMON]);
  return o;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
