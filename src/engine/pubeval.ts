/**
 * Pubeval: Gerald Tesauro's public-domain linear evaluator for backgammon, the
 * customary yardstick of a bot's strength. A score is the dot product of a
 * weight vector (one for races, one for contact positions) with 122 inputs
 * encoding the board after a move, from the mover's side; the mover picks
 * the legal play whose resulting board scores highest.
 *
 * Transcribed from Tesauro's pubeval.c as kept verbatim in the public GitHub
 * repository weekend37/Backgammon (file pubeval.c): the weights `wr` and `wc`
 * are copied digit for digit, and the encoding (`setx`) and the sum
 * (`pubeval`) follow the C, including its single-precision (float) arithmetic,
 * so scores match the C's bit for bit. Backgammon only.
 *
 * pubeval.c's board `pos[]` (0..27) is ours as seen by the side to move
 * (docs/rules.md "Numbering"): pos[q] for q = 1..24 is the count of the
 * mover's checkers on its point q (positive) minus the opponent's on it (the
 * opponent's own point 25 - q, negative); pos[25] is the mover's bar, pos[0]
 * minus the opponent's bar, pos[26] the mover's checkers off, pos[27] minus
 * the opponent's.
 */
import { legalPlays } from './legal-plays.js';
import { BAR, CHECKERS_PER_SIDE, POINTS, type Dice, type Play, type Position, type SideBoard } from './types.js';

/** Race weights, pubeval.c's `wr`. */
// prettier-ignore
const WR: readonly number[] = [
  0.00000, -0.17160, 0.27010, 0.29906, -0.08471,
  0.00000, -1.40375, -1.05121, 0.07217, -0.01351,
  0.00000, -1.29506, -2.16183, 0.13246, -1.03508,
  0.00000, -2.29847, -2.34631, 0.17253, 0.08302,
  0.00000, -1.27266, -2.87401, -0.07456, -0.34240,
  0.00000, -1.34640, -2.46556, -0.13022, -0.01591,
  0.00000, 0.27448, 0.60015, 0.48302, 0.25236,
  0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
  0.00000, 0.24855, -0.06844, -0.37646, 0.05685,
  0.00000, 0.17405, 0.00430, 0.74427, 0.00576,
  0.00000, 0.12392, 0.31202, -0.91035, -0.16270,
  0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
  0.00000, 1.07274, 2.00366, 1.16242, 0.22520,
  0.00000, 0.85631, 1.06349, 1.49549, 0.18966,
  0.00000, 0.37183, -0.50352, -0.14818, 0.12039,
  0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
  0.00000, -0.22082, 0.20178, -0.06285, -0.52728,
  0.00000, -0.13597, -0.19412, -0.09308, -1.26062,
  0.00000, 3.05454, 5.16874, 1.50680, 5.35000,
  0.00000, 2.19605, 3.85390, 0.88296, 2.30052,
  0.00000, 0.92321, 1.08744, -0.11696, -0.78560,
  0.00000, -0.09795, -0.83050, -1.09167, -4.94251,
  0.00000, -1.00316, -3.66465, -2.56906, -9.67677,
  0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
  0.00000, 3.42040,
];

/** Contact weights, pubeval.c's `wc`. */
// prettier-ignore
const WC: readonly number[] = [
  0.25696, -0.66937, -1.66135, -2.02487, -2.53398,
  -0.16092, -1.11725, -1.06654, -0.92830, -1.99558,
  -1.10388, -0.80802, 0.09856, -0.62086, -1.27999,
  -0.59220, -0.73667, 0.89032, -0.38933, -1.59847,
  -1.50197, -0.60966, 1.56166, -0.47389, -1.80390,
  -0.83425, -0.97741, -1.41371, 0.24500, 0.10970,
  -1.36476, -1.05572, 1.15420, 0.11069, -0.38319,
  -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
  -0.73169, -0.56074, 1.09792, 0.15977, 0.13786,
  -1.18435, -0.43363, 1.06169, -0.21329, 0.04798,
  -0.94373, -0.22982, 1.22737, -0.13099, -0.06295,
  -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
  -0.69851, 0.13003, 1.23070, 0.40868, -0.21081,
  -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
  -0.80789, 0.08240, 1.78964, 0.54304, 0.41174,
  -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
  -0.90750, 0.05941, 1.83120, 0.58722, 1.28777,
  -0.83711, -0.33248, 2.64983, 0.52698, 0.82132,
  -0.58897, -1.18223, 3.35809, 0.62017, 0.57353,
  -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
  0.10504, -0.61977, 3.54001, 0.04612, -0.18108,
  0.63211, -0.87046, 2.47673, -0.48016, -1.27157,
  0.86505, -1.11342, 1.24612, -0.82385, -2.77082,
  1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
  5.62596, -2.75800,
];

const { fround } = Math;
const RACE = Float32Array.from(WR);
const CONTACT = Float32Array.from(WC);

/** The score pubeval.c gives a board with all the mover's checkers off ("best possible move"). */
export const PUBEVAL_ALL_OFF = fround(99999999);

/** pubeval.c's `pos[]` of a position (see the module comment). */
export function pubevalBoard(position: Position): Int32Array {
  const { player, opponent } = position;
  const pos = new Int32Array(28);
  for (let q = 1; q <= POINTS; q++) pos[q] = player.points[q - 1] - opponent.points[POINTS - q];
  pos[0] = -opponent.bar;
  pos[BAR] = player.bar;
  pos[26] = player.off;
  pos[27] = -opponent.off;
  return pos;
}

/** pubeval.c's `setx`: the 122 inputs of a board `pos[]`, as floats. */
export function pubevalInputs(pos: Int32Array): Float32Array {
  const x = new Float32Array(122);
  for (let j = 1; j <= POINTS; j++) {
    const jm1 = j - 1;
    const n = pos[25 - j];
    if (n !== 0) {
      if (n === -1) x[5 * jm1 + 0] = 1;
      if (n === 1) x[5 * jm1 + 1] = 1;
      if (n >= 2) x[5 * jm1 + 2] = 1;
      if (n === 3) x[5 * jm1 + 3] = 1;
      if (n >= 4) x[5 * jm1 + 4] = (n - 3) / 2;
    }
  }
  x[120] = -pos[0] / 2;
  x[121] = pos[26] / 15;
  return x;
}

/**
 * pubeval.c's `pubeval(race, pos)` of `position` (the board after the
 * mover's play, the mover still `player`): higher is better for the mover.
 * `race` is whether the position BEFORE the play was a race (`isRace`).
 */
export function pubevalScore(position: Position, race: boolean): number {
  if (position.player.off === CHECKERS_PER_SIDE) return PUBEVAL_ALL_OFF;
  const x = pubevalInputs(pubevalBoard(position));
  const w = race ? RACE : CONTACT;
  // `score += w[i] * x[i]` in float, as the C computes it.
  let score = 0;
  for (let i = 0; i < 122; i++) score = fround(score + fround(w[i] * x[i]));
  return score;
}

/** The point farthest from home holding a checker of `side`, in its own numbering (25 = bar, 0 = none left). */
function rearmost(side: SideBoard): number {
  if (side.bar > 0) return BAR;
  for (let q = POINTS; q >= 1; q--) if (side.points[q - 1] > 0) return q;
  return 0;
}

/**
 * Whether no contact remains: every checker of each side has passed every
 * checker of the other, so neither can hit or block again (pubeval.c's
 * `race` = 1). The mover's rearmost checker on its point a and the
 * opponent's on its point b (the mover's 25 - b) have passed when a < 25 - b.
 */
export function isRace(position: Position): boolean {
  return rearmost(position.player) + rearmost(position.opponent) < 25;
}

/**
 * Pubeval's choice among the legal backgammon plays of `position` (player to
 * move) with `dice`: the play whose resulting board scores highest, race or
 * contact weights chosen by the position before the play; the first of the
 * engine's order on a tie. Null when the roll cannot be played.
 */
export function pubevalPlay(position: Position, dice: Dice): Play | null {
  const plays = legalPlays('backgammon', position, dice);
  const race = isRace(position);
  let best: Play | null = null;
  let bestScore = -Infinity;
  for (const play of plays) {
    const score = pubevalScore(play.position, race);
    if (score > bestScore) {
      best = play;
      bestScore = score;
    }
  }
  return best;
}
