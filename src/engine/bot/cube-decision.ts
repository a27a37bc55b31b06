/**
 * A house bot's cube (docs/bots.md "Cube"): the evaluator's cubeless chances
 * made cubeful by Janowski's interpolation between a dead cube and a fully
 * live one, with cube efficiency x (0.68 with contact, 0.60 in a race), in
 * the manner of GNU Backgammon's money-game formulas. At match play each
 * result is first valued by the match-equity table (match-equity.ts), so the
 * same formulas weigh gammons and the cube by the score.
 */
import { LOSE_BACKGAMMON, LOSE_GAMMON, WIN, WIN_BACKGAMMON, WIN_GAMMON, type Outcomes } from './outcomes.js';
import type { ScoreValue } from './match-equity.js';

/** Who holds the cube, from the bot's side. */
export type CubeHolder = 'centre' | 'me' | 'opponent';

export interface CubeSituation {
  /** The bot's chances, cubeless, with the side on roll as the situation says. */
  readonly outcomes: Outcomes;
  /** The cube's value now. */
  readonly value: number;
  readonly holder: CubeHolder;
  /** What winning (losing) k points is worth to the bot. */
  readonly worth: ScoreValue;
  /** Cube efficiency: 0 dead, 1 fully live. */
  readonly efficiency: number;
  /** Whether a cube at this value is alive: its holder could still turn it to any purpose (cube limit, match score). */
  readonly live: (value: number) => boolean;
  /** Whether gammons count (not under the Jacoby rule with a centred cube). */
  readonly gammons: boolean;
  /** 3, or 2 where a backgammon scores as a gammon (long nardy without koks). */
  readonly bgWorth: 2 | 3;
}

/** The bot's worth of the game, cube included, with the cube at `value` held by `holder`. */
export function cubefulWorth(s: CubeSituation, value: number, holder: CubeHolder, gammons = s.gammons): number {
  const o = s.outcomes;
  const single = s.worth(value);
  const lossSingle = s.worth(-value);
  const span = single - lossSingle;
  // Equity units: +1 is a single win at this cube, -1 a single loss.
  const unit = (worth: number): number => (2 * (worth - lossSingle)) / span - 1;
  const p = Math.min(Math.max(o[WIN], 1e-6), 1 - 1e-6);
  const g = gammons ? 1 : 0;
  const winG = g * (o[WIN_GAMMON] - o[WIN_BACKGAMMON]);
  const winBg = g * o[WIN_BACKGAMMON];
  const loseG = g * (o[LOSE_GAMMON] - o[LOSE_BACKGAMMON]);
  const loseBg = g * o[LOSE_BACKGAMMON];
  const gammonWin = unit(s.worth(2 * value));
  const bgWin = unit(s.worth(s.bgWorth * value));
  const gammonLoss = -unit(s.worth(-2 * value));
  const bgLoss = -unit(s.worth(-s.bgWorth * value));
  const W = (p - winG - winBg + winG * gammonWin + winBg * bgWin) / p;
  const L = (1 - p - loseG - loseBg + loseG * gammonLoss + loseBg * bgLoss) / (1 - p);
  const x = s.live(value) ? s.efficiency : 0;
  const equity = janowski(p, W, L, x, holder);
  return lossSingle + ((equity + 1) / 2) * span;
}

/**
 * Janowski's cubeful equity (units of the cube) for winning chance p, average
 * win W and loss L (cubeless, in cube units), efficiency x: the dead-cube
 * equity p(W + L) - L blended with the live cube's, which runs straight
 * between the take point (-1) and the cash point (+1).
 */
export function janowski(p: number, W: number, L: number, x: number, holder: CubeHolder): number {
  const dead = p * (W + L) - L;
  const take = (L - 0.5) / (W + L + 0.5);
  const cash = (L + 1) / (W + L + 0.5);
  let live: number;
  if (holder === 'centre') {
    if (p < take) live = -L + ((-1 + L) * p) / take;
    else if (p < cash) live = -1 + (2 * (p - take)) / (cash - take);
    else live = 1 + ((W - 1) * (p - cash)) / (1 - cash);
  } else if (holder === 'me') {
    live = p < cash ? -L + ((1 + L) * p) / cash : 1 + ((W - 1) * (p - cash)) / (1 - cash);
  } else {
    live = p < take ? -L + ((-1 + L) * p) / take : -1 + ((W + 1) * (p - take)) / (1 - take);
  }
  return x * live + (1 - x) * dead;
}

/** The bot on roll, allowed to double: whether it should (the double is worth more than no double, taken or dropped). */
export function shouldDouble(s: CubeSituation): boolean {
  const noDouble = cubefulWorth(s, s.value, s.holder);
  const takes = cubefulWorth(s, 2 * s.value, 'opponent', true);
  const drops = s.worth(s.value);
  return Math.min(takes, drops) > noDouble;
}

export type CubeAnswer = 'take' | 'drop' | 'beaver';

/**
 * The bot is doubled to `2 * s.value` (s.value is the cube before the double,
 * what a drop gives away): take when the game at the doubled cube, held by
 * `holderAfterTake` (the bot; the beaverer when the bot answers a beaver), is
 * worth more than dropping; beaver (when allowed) when that game is worth
 * more than nothing.
 */
export function answerDouble(s: CubeSituation, mayBeaver: boolean, holderAfterTake: CubeHolder = 'me'): CubeAnswer {
  const taken = cubefulWorth(s, 2 * s.value, holderAfterTake, true);
  const dropped = s.worth(-s.value);
  if (taken < dropped) return 'drop';
  return mayBeaver && taken > s.worth(0) ? 'beaver' : 'take';
}

/** The opponent resigns `multiplier` × the cube: whether winning that now is worth as much to the bot as playing on. */
export function acceptResignation(s: CubeSituation, multiplier: number): boolean {
  return s.worth(multiplier * s.value) >= cubefulWorth(s, s.value, s.holder);
}
