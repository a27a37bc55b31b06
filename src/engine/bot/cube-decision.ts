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
  /**
   * At match play, for the match model (`matchCubefulWorth`): the points each side needs. Unset:
   * the money model, Janowski's formulas on the results valued by the score (`cubefulWorth`).
   */
  readonly aways?: { readonly me: number; readonly opponent: number };
}

/**
 * The bot's worth of the game, cube included, with the cube at `value` held by `holder`: by the
 * match model where the situation gives the aways, otherwise by Janowski's money formulas.
 */
export function cubefulWorth(s: CubeSituation, value: number, holder: CubeHolder, gammons = s.gammons): number {
  if (s.aways !== undefined) return matchCubefulWorth(s, s.aways, value, holder, gammons);
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
 * The bot's match-winning chance with the cube at `value` held by `holder`, by the match model
 * (docs/bots.md "Cube"): Janowski's interpolation done in match-winning chances rather than in
 * money units, between each side's own cash point. A side's cash point at a cube is the chance
 * at which the other side, doubled, is indifferent between passing and taking, the taker then
 * owning the cube and redoubling at its own cash point one level up; at the highest level that
 * can matter (doubling further wins nobody more than the match) the cube is dead after the
 * take. Each level is found from the one above, so the points differ by side and by score: a
 * side whose win of the cube already wins the match never cashes early, the trailer after the
 * Crawford game doubles at once, and so on. The live worth runs in straight lines through: the
 * loss (gammons weighed) at 0, the opponent's cash (the bot passes) at 1 - its cash point, the
 * bot's cash at its own cash point, the win at 1; the holder's opponent has no cash point of its
 * own. The result is efficiency × live + (1 - efficiency) × the dead cube's worth.
 */
export function matchCubefulWorth(
  s: CubeSituation,
  aways: { readonly me: number; readonly opponent: number },
  value: number,
  holder: CubeHolder,
  gammons = s.gammons,
): number {
  const o = s.outcomes;
  const p = Math.min(Math.max(o[WIN], 1e-6), 1 - 1e-6);
  const g = gammons ? 1 : 0;
  const ratios: Ratios = {
    me: { gammon: (g * (o[WIN_GAMMON] - o[WIN_BACKGAMMON])) / p, backgammon: (g * o[WIN_BACKGAMMON]) / p },
    opponent: {
      gammon: (g * (o[LOSE_GAMMON] - o[LOSE_BACKGAMMON])) / (1 - p),
      backgammon: (g * o[LOSE_BACKGAMMON]) / (1 - p),
    },
  };
  const mine = (k: number): number => s.worth(k);
  const win = expectedResult(mine, ratios.me, value, s.bgWorth);
  const loss = expectedResult(mine, ratios.opponent, -value, s.bgWorth);
  const dead = p * win + (1 - p) * loss;
  const x = s.live(value) ? s.efficiency : 0;
  if (x === 0) return dead;
  const points = cashPoints(s.worth, aways, ratios, value, s.bgWorth);
  const cash = s.worth(value);
  const opponentCash = s.worth(-value);
  // The bot's chance at which the opponent cashes (the bot passes), and at which the bot cashes.
  const theirs = holder === 'me' ? 0 : 1 - points.opponent;
  const ours = holder === 'opponent' ? 1 : points.me;
  let live: number;
  if (ours <= theirs) live = dead;
  else if (p <= theirs) live = loss + ((opponentCash - loss) * p) / theirs;
  else if (p < ours) {
    const from = holder === 'me' ? loss : opponentCash;
    const to = holder === 'opponent' ? win : cash;
    live = from + ((to - from) * (p - theirs)) / (ours - theirs);
  } else live = cash + ((win - cash) * (p - ours)) / (1 - ours);
  return x * live + (1 - x) * dead;
}

/** Of a side's wins, the shares that are gammons (only) and backgammons. */
interface WinRatios {
  readonly gammon: number;
  readonly backgammon: number;
}

interface Ratios {
  readonly me: WinRatios;
  readonly opponent: WinRatios;
}

/**
 * A side's worth of the game's result at cube `value` (positive: the side wins, with its win ratios;
 * negative: it loses, with the other side's), by `worth` (that side's worth of winning k points).
 */
function expectedResult(worth: ScoreValue, ratios: WinRatios, value: number, bgWorth: number): number {
  const single = 1 - ratios.gammon - ratios.backgammon;
  return single * worth(value) + ratios.gammon * worth(2 * value) + ratios.backgammon * worth(bgWorth * value);
}

/**
 * Each side's cash point (its own chance of winning) at cube `value`, found level by level from
 * the highest cube that can still matter down to `value` (matchCubefulWorth).
 */
function cashPoints(
  worth: ScoreValue,
  aways: { readonly me: number; readonly opponent: number },
  ratios: Ratios,
  value: number,
  bgWorth: number,
): { me: number; opponent: number } {
  let top = value;
  while (2 * top < aways.me || 2 * top < aways.opponent) top *= 2;
  const theirWorth: ScoreValue = (k) => 1 - worth(-k);
  let above: { me: number; opponent: number } | null = null;
  for (let level = top; level >= value; level /= 2) {
    const me = cashPoint(worth, ratios.me, ratios.opponent, level, bgWorth, above?.opponent ?? null);
    const opponent = cashPoint(theirWorth, ratios.opponent, ratios.me, level, bgWorth, above?.me ?? null);
    above = { me, opponent };
  }
  return above ?? { me: 1, opponent: 1 };
}

/**
 * A side's cash point at cube `level`: doubled to 2 × level, the other side passes (the side wins
 * `level`) or takes and owns the cube, redoubling at `otherAbove`, its own cash point a level up
 * (null: the cube is dead after the take). 1 when the side can never cash early.
 */
function cashPoint(
  worth: ScoreValue,
  own: WinRatios,
  other: WinRatios,
  level: number,
  bgWorth: number,
  otherAbove: number | null,
): number {
  const cash = worth(level);
  const win = expectedResult(worth, own, 2 * level, bgWorth);
  if (otherAbove === null) {
    const loss = expectedResult(worth, other, -2 * level, bgWorth);
    return win - loss <= 1e-12 ? 1 : clamp01((cash - loss) / (win - loss));
  }
  const passRedouble = worth(-2 * level);
  if (win - passRedouble <= 1e-12) return 1;
  return clamp01(1 - otherAbove + ((cash - passRedouble) / (win - passRedouble)) * otherAbove);
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
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

/**
 * The bot's cubeful worth of the game with the cube at `value` held by `holder` (gammons counted
 * when `gammons`, by default as the situation says): `cubefulWorth` on the situation's chances, or
 * a look-ahead's average of it over the rolls (cube-look-ahead.ts).
 */
export type WorthOfGame = (value: number, holder: CubeHolder, gammons?: boolean) => number;

/** The worth of the game by Janowski's formulas on the situation's own chances. */
export function janowskiWorth(s: CubeSituation): WorthOfGame {
  return (value, holder, gammons = s.gammons) => cubefulWorth(s, value, holder, gammons);
}

/**
 * The bot's value of chances `o` with the cube dead at `s.value` (no more doubles), in units of the
 * cube: +1 a single win, -1 a single loss, gammons and backgammons at what the score makes them
 * worth. It is what cubefulWorth gives with efficiency 0, scaled, and linear in the chances: the
 * scale on which plays are ranked and filtered.
 */
export function deadCubeEquity(s: CubeSituation): (o: Outcomes) => number {
  const single = s.worth(s.value);
  const lossSingle = s.worth(-s.value);
  const span = single - lossSingle;
  const unit = (worth: number): number => (2 * (worth - lossSingle)) / span - 1;
  const g = s.gammons ? 1 : 0;
  const gammonWin = g * (unit(s.worth(2 * s.value)) - 1);
  const bgWin = g * (unit(s.worth(s.bgWorth * s.value)) - 1);
  const gammonLoss = g * (-unit(s.worth(-2 * s.value)) - 1);
  const bgLoss = g * (-unit(s.worth(-s.bgWorth * s.value)) - 1);
  return (o) =>
    2 * o[WIN] -
    1 +
    (o[WIN_GAMMON] - o[WIN_BACKGAMMON]) * gammonWin +
    o[WIN_BACKGAMMON] * bgWin -
    (o[LOSE_GAMMON] - o[LOSE_BACKGAMMON]) * gammonLoss -
    o[LOSE_BACKGAMMON] * bgLoss;
}

/**
 * The bot on roll, allowed to double: whether it should (the double is worth more than no double,
 * taken or dropped). `worth` judges the game, by default Janowski's formulas on `s.outcomes`.
 */
export function shouldDouble(s: CubeSituation, worth: WorthOfGame = janowskiWorth(s)): boolean {
  const noDouble = worth(s.value, s.holder);
  const takes = worth(2 * s.value, 'opponent', true);
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
export function answerDouble(
  s: CubeSituation,
  mayBeaver: boolean,
  holderAfterTake: CubeHolder = 'me',
  worth: WorthOfGame = janowskiWorth(s),
): CubeAnswer {
  const taken = worth(2 * s.value, holderAfterTake, true);
  const dropped = s.worth(-s.value);
  if (taken < dropped) return 'drop';
  return mayBeaver && taken > s.worth(0) ? 'beaver' : 'take';
}

/** The opponent resigns `multiplier` × the cube: whether winning that now is worth as much to the bot as playing on. */
export function acceptResignation(
  s: CubeSituation,
  multiplier: number,
  worth: WorthOfGame = janowskiWorth(s),
): boolean {
  return s.worth(multiplier * s.value) >= worth(s.value, s.holder);
}

/** One of the rolls a look-ahead averages over: its probability, and the situation after it (its chances, its cube efficiency). */
export interface WeightedSituation {
  readonly weight: number;
  readonly outcomes: Outcomes;
  readonly efficiency: number;
}

/**
 * The worth of the game one roll ahead: Janowski's worth of the situation after each roll,
 * averaged with the rolls' weights, as GNU Backgammon judges the cube at 1 ply. Unlike Janowski's
 * formulas on the averaged chances, this counts the rolls after which the game is past the other
 * side's take point (the market lost) or cannot be played for more.
 */
export function averageWorth(s: CubeSituation, rolls: readonly WeightedSituation[]): WorthOfGame {
  const after = rolls.map((roll) => ({
    weight: roll.weight,
    s: { ...s, outcomes: roll.outcomes, efficiency: roll.efficiency },
  }));
  return (value, holder, gammons = s.gammons) => {
    let sum = 0;
    for (const roll of after) sum += roll.weight * cubefulWorth(roll.s, value, holder, gammons);
    return sum;
  };
}
