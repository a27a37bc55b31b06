/**
 * Game results (docs/rules.md B6 and N7): how much a finished game is worth,
 * judged on the loser's checkers when the winner bears off the 15th, times
 * the cube value.
 */
import type { SideBoard, Variant } from './types.js';

/** Backgammon: single, gammon, backgammon. Long nardy: oin, mars, koks. */
export type ResultKind = 'single' | 'gammon' | 'backgammon' | 'oin' | 'mars' | 'koks';

/** 1 = single/oin, 2 = gammon/mars, 3 = backgammon/koks. */
export type ResultMultiplier = 1 | 2 | 3;

export interface GameResultValue {
  readonly kind: ResultKind;
  readonly multiplier: ResultMultiplier;
  /** Long nardy: a mars where every one of the loser's checkers was home (own points 1-6). */
  readonly homeMars: boolean;
}

export const RESULT_KINDS: Readonly<Record<Variant, readonly [ResultKind, ResultKind, ResultKind]>> = Object.freeze({
  backgammon: ['single', 'gammon', 'backgammon'],
  'long-nardy': ['oin', 'mars', 'koks'],
});

/**
 * The result of a game won by bearing off, from the loser's board in the
 * loser's own numbering.
 * - Backgammon (B6): single when the loser has borne off a checker; otherwise
 *   backgammon when a loser's checker is on the bar or in the winner's home
 *   (the loser's points 19-24), else gammon.
 * - Long nardy (N7): oin when the loser has borne off a checker; otherwise koks
 *   when the `koks` option is on and a checker is still on the loser's head
 *   (its point 24), else mars (home mars when all 15 were home, points 1-6).
 */
export function gameResult(variant: Variant, loser: SideBoard, options: { readonly koks: boolean }): GameResultValue {
  if (variant === 'backgammon') {
    if (loser.off > 0) return resultOf('single', 1, false);
    const inWinnersHome = loser.points.slice(18, 24).some((count) => count > 0);
    return loser.bar > 0 || inWinnersHome ? resultOf('backgammon', 3, false) : resultOf('gammon', 2, false);
  }
  if (loser.off > 0) return resultOf('oin', 1, false);
  if (options.koks && (loser.points[23] ?? 0) > 0) return resultOf('koks', 3, false);
  const allHome = loser.points.slice(6).every((count) => count === 0);
  return resultOf('mars', 2, allHome);
}

/** The largest result a game can have: 3 (backgammon, koks), or 2 in long nardy with the `koks` option off (N7). */
export function highestMultiplier(variant: Variant, options: { readonly koks: boolean }): ResultMultiplier {
  return variant === 'long-nardy' && !options.koks ? 2 : 3;
}

/** The result kind a multiplier stands for in a variant (resignations name a multiplier). */
export function resultKindOf(variant: Variant, multiplier: ResultMultiplier): ResultKind {
  return RESULT_KINDS[variant][multiplier - 1];
}

/** Points a result is worth at a cube value (no Jacoby here: see scoring.ts). */
export function resultPoints(multiplier: ResultMultiplier, cubeValue: number): number {
  return multiplier * cubeValue;
}

function resultOf(kind: ResultKind, multiplier: ResultMultiplier, homeMars: boolean): GameResultValue {
  return Object.freeze({ kind, multiplier, homeMars });
}
