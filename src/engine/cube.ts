/**
 * The doubling cube (docs/rules.md M1, M4) as pure transitions. Every function
 * returns a value: a rule refusal is `{ ok: false, reason, message }`, never
 * an exception.
 *
 * States: the cube shows `value` and is owned by `owner` ('centre' at the
 * start of each game). While a double is pending, `offer` says who offered
 * and the value the cube will show if taken.
 *
 * Beaver (money sessions with the `beavers` option): the doubled player takes
 * and at once redoubles, keeping the cube. The cube then shows the taken value
 * (2v), is owned by the beaverer, and carries a new offer at 4v by the
 * beaverer. The original doubler answers: take (the cube shows 4v, still owned
 * by the beaverer) or drop (loses the 2v the cube shows). One beaver per
 * double: no raccoons.
 *
 * The cube never goes past MAX_CUBE (docs/rules.md M1, "The highest cube"):
 * a double or beaver past it is not offered (`mayDouble`, `mayBeaver`) and a
 * player's command to make one is refused (`maximumRefusal`, checked by
 * apply.ts `applyCommand`), an automatic double past it is not made. A log
 * stored before the rule still folds. An agreed `cubeLimit` is a rule of the
 * match itself: `double` and `beaver` refuse to pass it (`cube-limit`).
 */
import type { Colour } from './types.js';
import type { RulesOptions } from './rules-options.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;

export type CubeOwner = 'centre' | Colour;

export interface CubeOffer {
  /** The player who doubled (or, after a beaver, the beaverer who redoubled). */
  readonly by: Colour;
  /** The value the cube will show when the offer is taken. */
  readonly value: number;
  /** Whether this offer is a beaver's redouble. */
  readonly beaver: boolean;
}

export interface CubeState {
  readonly value: number;
  readonly owner: CubeOwner;
  readonly offer: CubeOffer | null;
}

export const CENTRED_CUBE: CubeState = freezeObject({ value: 1, owner: 'centre', offer: null });

export type CubeRefusalReason =
  | 'cube-disabled'
  | 'crawford-game'
  | 'not-your-turn'
  | 'after-roll'
  | 'cube-not-yours'
  | 'cube-limit'
  | 'cube-at-maximum'
  | 'double-pending'
  | 'no-double-offered'
  | 'beaver-not-allowed';

export interface CubeRefusal {
  readonly ok: false;
  readonly reason: CubeRefusalReason;
  readonly message: string;
}

export type CubeTransition = { readonly ok: true; readonly cube: CubeState } | CubeRefusal;

/** A drop ends the game: the doubler wins the value the cube showed before the (re)double. */
export type DropOutcome = { readonly ok: true; readonly winner: Colour; readonly points: number } | CubeRefusal;

/** What a double is judged against besides the cube. */
export interface DoubleContext {
  /** The player asking to double. */
  readonly actor: Colour;
  /** The player whose turn it is. */
  readonly onRoll: Colour;
  /** Whether the player on roll has already rolled this turn. */
  readonly rolled: boolean;
  /** Whether this game is the Crawford game (M3). */
  readonly crawfordGame: boolean;
  /** The effective rules of the match (rules-options.ts `effectiveRules`). */
  readonly rules: RulesOptions;
}

/**
 * The highest value the cube may show, whatever the rules agreed: GNU
 * Backgammon's own maximum (its MAX_CUBE, 4096; it refuses to double a cube
 * at 4096). So no game here reaches a cube gnubg itself would not, its .mat
 * record writes every cube as gnubg does, and no game is worth more than
 * 3 × 4096 points (docs/rules.md M1).
 */
export const MAX_CUBE = 4096;

/** The highest value the cube may show under `rules`: the agreed `cubeLimit`, never above MAX_CUBE. */
export function cubeCeiling(rules: RulesOptions): number {
  return rules.cubeLimit === null ? MAX_CUBE : Math.min(rules.cubeLimit, MAX_CUBE);
}

/** Whether the cube may be raised to `value` under the `cubeLimit` option and MAX_CUBE. */
export function withinLimit(value: number, rules: RulesOptions): boolean {
  return value <= cubeCeiling(rules);
}

/** The refusal of a cube that would show `value`, past MAX_CUBE; null within it. */
export function maximumRefusal(value: number): CubeRefusal | null {
  return value > MAX_CUBE
    ? refuse('cube-at-maximum', `The cube may not go above ${MAX_CUBE}, the highest cube (docs/rules.md M1).`)
    : null;
}

/** Why the cube may not be raised to `value` under the agreed `cubeLimit`; null when it may. */
function agreedLimitRefusal(value: number, rules: RulesOptions): CubeRefusal | null {
  return rules.cubeLimit !== null && value > rules.cubeLimit
    ? refuse('cube-limit', `The cube may not go above ${rules.cubeLimit}.`)
    : null;
}

/** M1: only the player on turn, before rolling, with the cube centred or theirs, outside the Crawford game, within the cube limit. */
export function double(cube: CubeState, context: DoubleContext): CubeTransition {
  const { actor, rules } = context;
  if (!rules.cube) return refuse('cube-disabled', 'The cube is not used in this match.');
  if (context.crawfordGame) return refuse('crawford-game', 'The Crawford game is played without the cube.');
  if (cube.offer !== null) return refuse('double-pending', 'A double is already waiting for an answer.');
  if (actor !== context.onRoll) return refuse('not-your-turn', 'Only the player on turn may double.');
  if (context.rolled) return refuse('after-roll', 'The cube may only be turned before rolling.');
  if (cube.owner !== 'centre' && cube.owner !== actor) return refuse('cube-not-yours', 'The opponent owns the cube.');
  const overLimit = agreedLimitRefusal(cube.value * 2, rules);
  if (overLimit) return overLimit;
  return ok({
    value: cube.value,
    owner: cube.owner,
    offer: freezeObject({ by: actor, value: cube.value * 2, beaver: false }),
  });
}

/** Whether `double` would be accepted and offered: within the highest cube too. */
export function mayDouble(cube: CubeState, context: DoubleContext): boolean {
  return double(cube, context).ok && maximumRefusal(cube.value * 2) === null;
}

/** The doubled player takes: the cube shows the offered value; they own it (after a beaver the beaverer keeps it). */
/**
 * Whether a double by a player with `score` in a match to `length` (0: a money session) at cube
 * value `cubeValue` can change anything: it cannot when a single game won at the present value
 * already wins the match for them (the cube is dead for them; a 1-point match is the plainest case).
 * The rules allow the double all the same (M1); a board UI offers it only where it is a decision.
 */
export function doubleCanMatter(length: number, score: number, cubeValue: number): boolean {
  return length === 0 || length - score > cubeValue;
}

export function take(cube: CubeState, actor: Colour): CubeTransition {
  const offer = cube.offer;
  const refusal = checkAnswer(offer, actor);
  if (refusal) return refusal;
  const owner = offer!.beaver ? offer!.by : actor;
  return ok({ value: offer!.value, owner, offer: null });
}

/** The doubled player drops: the doubler wins the game at the value the cube shows before the double. */
export function drop(cube: CubeState, actor: Colour): DropOutcome {
  const refusal = checkAnswer(cube.offer, actor);
  if (refusal) return refusal;
  return freezeObject({ ok: true as const, winner: cube.offer!.by, points: cube.value });
}

/** The doubled player beavers (money sessions with beavers only): takes, then redoubles at once keeping the cube. */
export function beaver(cube: CubeState, actor: Colour, rules: RulesOptions): CubeTransition {
  const offer = cube.offer;
  const refusal = checkAnswer(offer, actor);
  if (refusal) return refusal;
  if (!rules.beavers)
    return refuse('beaver-not-allowed', 'Beavers are only allowed in money sessions with the beavers option.');
  if (offer!.beaver) return refuse('beaver-not-allowed', 'A beaver cannot be beavered back.');
  const overLimit = agreedLimitRefusal(offer!.value * 2, rules);
  if (overLimit) return overLimit;
  return ok({
    value: offer!.value,
    owner: actor,
    offer: freezeObject({ by: actor, value: offer!.value * 2, beaver: true }),
  });
}

/** Whether `beaver` would be accepted and offered: within the highest cube too. */
export function mayBeaver(cube: CubeState, actor: Colour, rules: RulesOptions): boolean {
  return beaver(cube, actor, rules).ok && maximumRefusal(cube.offer!.value * 2) === null;
}

/**
 * An automatic double on a tied opening throw (B2, M4): the cube doubles and
 * stays centred, while fewer than `rules.automaticDoubles` have been made this
 * game and the cube limit (and MAX_CUBE) allows. Returns the cube unchanged otherwise.
 */
export function automaticDouble(
  cube: CubeState,
  rules: RulesOptions,
  madeThisGame: number,
): { readonly cube: CubeState; readonly doubled: boolean } {
  if (!rules.cube || madeThisGame >= rules.automaticDoubles || !withinLimit(cube.value * 2, rules)) {
    return { cube, doubled: false };
  }
  return { cube: freezeObject({ value: cube.value * 2, owner: 'centre' as const, offer: null }), doubled: true };
}

function checkAnswer(offer: CubeOffer | null, actor: Colour): CubeRefusal | null {
  if (offer === null) return refuse('no-double-offered', 'No double is waiting for an answer.');
  if (offer.by === actor) return refuse('not-your-turn', 'The opponent answers the double.');
  return null;
}

function ok(cube: CubeState): CubeTransition {
  return freezeObject({ ok: true as const, cube: freezeObject(cube) });
}

function refuse(reason: CubeRefusalReason, message: string): CubeRefusal {
  return freezeObject({ ok: false as const, reason, message });
}
