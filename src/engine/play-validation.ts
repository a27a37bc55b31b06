/**
 * Validation of a submitted play (docs/rules.md C5): moves in any order that is
 * legal step by step (a list of moves is tried in the order given), or
 * gnubg-style text (which fixes no order: every order of its moves is tried). A move may span several dice when
 * one checker plays them ("24/13" for 6-5, "8/4(2)"... ): every way of
 * splitting it into single-die steps is tried. Accepted plays are returned in
 * their canonical form (the matching entry of legalPlays); refused ones get
 * the reason of the first step that fails, or, when every step is legal but
 * the play is not allowed as a whole, the rule it breaks (maximum dice, larger
 * die).
 */
import { HEAD } from './long-nardy.js';
import {
  assertPlayable,
  findPlays,
  InvalidInputError,
  playAt,
  type LegalPlayOptions,
  type PlayList,
} from './legal-plays.js';
import { formatPlay, tryParseMoveText } from './move-text.js';
import { BAR, OFF, type Dice, type Move, type Play, type Position, type Variant } from './types.js';
import {
  OPP,
  STEP_BAR_FIRST,
  STEP_BEAR_OFF_HIGHER,
  STEP_BEAR_OFF_NOT_HOME,
  STEP_BLOCKED,
  STEP_HEAD,
  STEP_NO_CHECKER,
  STEP_OK,
  STEP_SIX_BLOCK,
  type StepCode,
  type WorkBoard,
} from './work-board.js';

export type PlayRefusal =
  | 'bad-notation'
  | 'bad-position'
  | 'bad-dice'
  | 'bad-move'
  | 'no-legal-play'
  | 'must-use-both-dice'
  | 'must-use-more-dice'
  | 'must-use-larger-die'
  | 'point-blocked'
  | 'head-rule'
  | 'six-block'
  | 'bear-off-not-allowed'
  | 'enter-from-bar-first'
  | 'no-checker'
  | 'wrong-distance'
  | 'too-many-moves';

export type PlayValidation =
  | { readonly ok: true; readonly play: Play }
  | { readonly ok: false; readonly reason: PlayRefusal; readonly message: string };

interface Failure {
  /** Index of the submitted move that failed. */
  readonly move: number;
  /** Higher = more specific (a rule refusal beats a distance mismatch). */
  readonly rank: number;
  readonly reason: PlayRefusal;
  readonly message: string;
}

function pointName(p: number): string {
  return p === BAR ? 'the bar' : p === OFF ? 'off' : `point ${p}`;
}

function moveName(m: Move): string {
  return formatPlay('backgammon', [m]);
}

function diceName(dice: Dice): string {
  return `${dice[0]}-${dice[1]}`;
}

function refuse(reason: PlayRefusal, message: string): PlayValidation {
  return { ok: false, reason, message };
}

/**
 * Accepts a submitted play if it is one of the legal plays (C5: same
 * resulting position, moves in any step-by-step legal order), else says why not.
 */
export function validatePlay(
  variant: Variant,
  position: Position,
  dice: Dice,
  submitted: readonly Move[] | string,
  options?: LegalPlayOptions,
): PlayValidation {
  try {
    assertPlayable(variant, position, dice);
  } catch (e) {
    if (e instanceof InvalidInputError) return refuse(e.code === 'bad-dice' ? 'bad-dice' : 'bad-position', e.message);
    throw e;
  }
  let moves: readonly Move[];
  if (typeof submitted === 'string') {
    const parsed = tryParseMoveText(submitted);
    if (!parsed.ok) return refuse('bad-notation', parsed.message);
    moves = parsed.moves;
  } else if (!Array.isArray(submitted)) {
    return refuse('bad-move', 'a play is a list of moves {from, to} or move text');
  } else {
    moves = submitted;
    for (const m of moves) {
      if (
        m === null ||
        typeof m !== 'object' ||
        !Number.isInteger(m.from) ||
        !Number.isInteger(m.to) ||
        m.from < 1 ||
        m.from > BAR ||
        m.to < OFF ||
        m.to >= m.from
      ) {
        return refuse(
          'bad-move',
          `each move needs integer from (1-24, 25 = bar) and a lower to (0 = off); got ${JSON.stringify(m)}`,
        );
      }
    }
  }

  const list = findPlays(variant, position, dice, options);
  const double = dice[0] === dice[1];
  if (list.diceUsed === 0) {
    if (moves.length === 0) {
      return { ok: true, play: Object.freeze({ moves: Object.freeze([]), text: '', position }) };
    }
    return refuse('no-legal-play', `no checker can be moved with ${diceName(dice)}: the turn passes (submit no moves)`);
  }
  if (moves.length === 0) return notEnoughDice(list, dice, 0);

  if (typeof submitted === 'string') {
    // gnubg text of a legal play (tokens in any order) names exactly that play.
    const wanted = normalizeText(submitted);
    for (let i = 0; i < list.count; i++) {
      const play = playAt(list, i);
      if (normalizeText(play.text) === wanted) return { ok: true, play };
    }
  }
  const search = new Realizer(list, dice, moves);
  let found = search.run();
  let completeUsed = search.completeUsed;
  if (found < 0 && typeof submitted === 'string' && moves.length <= 4) {
    // Text does not fix an order (gnubg sorts it): accept any order that is legal step by step.
    for (const order of permutations(moves)) {
      const other = new Realizer(list, dice, order);
      found = other.run();
      if (found >= 0) break;
      completeUsed = Math.max(completeUsed, other.completeUsed);
    }
  }
  if (found >= 0) return { ok: true, play: playAt(list, found) };
  if (completeUsed >= 0) {
    // Every step was legal but the play as a whole is not one of the legal plays.
    if (completeUsed < list.diceUsed) return notEnoughDice(list, dice, completeUsed);
    if (!double && list.diceUsed === 1) {
      const larger = Math.max(dice[0], dice[1]);
      return refuse(
        'must-use-larger-die',
        `only one die of ${diceName(dice)} can be played, and the ${larger} can be: the larger die must be played`,
      );
    }
    return refuse('bad-move', 'this play is not one of the legal plays');
  }
  const f = search.failure;
  if (f) return refuse(f.reason, f.message);
  return refuse('bad-move', 'this play is not one of the legal plays');
}

/** Move text as a sorted list of lower-case tokens. */
function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((t) => t !== '')
    .sort()
    .join(' ');
}

/** Every other order of the moves (the given order excluded). */
function permutations(moves: readonly Move[]): Move[][] {
  const out: Move[][] = [];
  const perm: Move[] = [];
  const used = new Array<boolean>(moves.length).fill(false);
  const visit = (): void => {
    if (perm.length === moves.length) {
      if (perm.some((m, i) => m !== moves[i])) out.push(perm.slice());
      return;
    }
    for (let i = 0; i < moves.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      perm.push(moves[i]);
      visit();
      perm.pop();
      used[i] = false;
    }
  };
  visit();
  return out;
}

function notEnoughDice(list: PlayList, dice: Dice, used: number): PlayValidation {
  const double = dice[0] === dice[1];
  const max = list.diceUsed;
  if (!double && max === 2) {
    return refuse('must-use-both-dice', `both dice of ${diceName(dice)} can be played, so both must be`);
  }
  const what = used === 0 ? 'no die' : used === 1 ? 'one die' : `${used} dice`;
  return refuse(
    'must-use-more-dice',
    `${max} ${max === 1 ? 'die' : 'dice'} of ${diceName(dice)} can be played; this play uses ${what}`,
  );
}

/** Depth-first search over the ways to split the submitted moves into single-die steps. */
class Realizer {
  private readonly board: WorkBoard;
  private readonly remaining = new Int8Array(7);
  /** Dice used by a step-legal realization of the whole submission that is not a legal play; -1 if none. */
  completeUsed = -1;
  failure: Failure | null = null;

  constructor(
    private readonly list: PlayList,
    private readonly dice: Dice,
    private readonly moves: readonly Move[],
  ) {
    this.board = list.startingBoard();
    if (dice[0] === dice[1]) this.remaining[dice[0]] = 4;
    else {
      this.remaining[dice[0]] = 1;
      this.remaining[dice[1]] = 1;
    }
  }

  /**
   * Index in the list of the play the submission realizes, or -1. A move
   * spanning several dice is first read as gnubg writes it: no hit on the
   * way (gnubg would have written "24/18*\/14"); only if that finds nothing
   * may it hit on the way.
   */
  run(): number {
    this.allowHitOnTheWay = false;
    const found = this.nextMove(0, 0);
    if (found >= 0 || this.list.variant !== 'backgammon') return found;
    this.allowHitOnTheWay = true;
    return this.nextMove(0, 0);
  }

  private allowHitOnTheWay = false;

  private nextMove(index: number, depth: number): number {
    if (index === this.moves.length) {
      const found = this.list.indexOf(this.board.words);
      if (found < 0) {
        const used = this.list.variant === 'long-nardy' && this.board.finished() ? this.list.diceUsed : depth;
        if (used > this.completeUsed) this.completeUsed = used;
      }
      return found;
    }
    const m = this.moves[index];
    if (this.remaining.every((n) => n === 0)) {
      this.fail(
        index,
        3,
        'too-many-moves',
        `${moveName(m)}: all dice of ${diceName(this.dice)} are already used by the moves before it`,
      );
      return -1;
    }
    if (m.to > OFF && !this.reachable(m.from - m.to)) {
      this.fail(index, 3, 'wrong-distance', this.distanceMessage(m));
      return -1;
    }
    return this.step(index, m.from, m.to, depth);
  }

  /** Can some of the dice left add up to exactly `distance`? */
  private reachable(distance: number): boolean {
    let sums = 1; // bit k: k pips can be made
    for (let die = 1; die <= 6; die++) for (let k = 0; k < this.remaining[die]; k++) sums |= sums << die;
    return ((sums >>> distance) & 1) === 1;
  }

  private step(index: number, from: number, target: number, depth: number): number {
    const m = this.moves[index];
    let anyDie = false;
    for (let die = 6; die >= 1; die--) {
      if (this.remaining[die] === 0) continue;
      anyDie = true;
      const next = from - die;
      if (target > OFF && next < target) {
        this.fail(index, 1, 'wrong-distance', this.distanceMessage(m));
        continue;
      }
      if (depth >= 4) break;
      const done = next === target || (target === OFF && next <= OFF);
      if (!done && !this.allowHitOnTheWay && this.board.cells[OPP + next] === 1) continue;
      const code = this.board.tryMake(from, die, depth);
      if (code !== STEP_OK) {
        this.fail(index, 2, ...this.explain(code, m, from, die));
        continue;
      }
      this.remaining[die]--;
      const found = done ? this.nextMove(index + 1, depth + 1) : this.step(index, next, target, depth + 1);
      this.remaining[die]++;
      this.board.unmake(depth);
      if (found >= 0) return found;
    }
    if (!anyDie) {
      this.fail(index, 1, 'too-many-moves', `${moveName(m)}: no die of ${diceName(this.dice)} is left for it`);
    }
    return -1;
  }

  private fail(index: number, rank: number, reason: PlayRefusal, message: string): void {
    const f = this.failure;
    if (!f || index > f.move || (index === f.move && rank > f.rank)) {
      this.failure = { move: index, rank, reason, message };
    }
  }

  private distanceMessage(m: Move): string {
    const dice = this.dice;
    if (m.to === OFF) return `${moveName(m)}: no die of ${diceName(dice)} left can bear this checker off`;
    return `${moveName(m)} is ${m.from - m.to} pips; it does not match the dice left of ${diceName(dice)}`;
  }

  private explain(code: StepCode, m: Move, from: number, die: number): [PlayRefusal, string] {
    const to = Math.max(from - die, OFF);
    const step =
      from === m.from && (to === m.to || (m.to === OFF && to === OFF))
        ? moveName(m)
        : `${moveName(m)} (step ${pointName(from)} to ${pointName(to)} with the ${die})`;
    const nardy = this.list.variant === 'long-nardy';
    switch (code) {
      case STEP_NO_CHECKER:
        if (from === BAR && nardy) return ['no-checker', `${step}: long nardy has no bar`];
        return ['no-checker', `${step}: you have no checker on ${pointName(from)}`];
      case STEP_BAR_FIRST:
        return ['enter-from-bar-first', `${step}: a checker on the bar must enter before any other checker moves`];
      case STEP_BLOCKED:
        return [
          'point-blocked',
          nardy
            ? `${step}: point ${to} is occupied by the opponent`
            : `${step}: point ${to} is held by two or more opposing checkers`,
        ];
      case STEP_HEAD:
        return [
          'head-rule',
          `${step}: only ${this.list.headLimit === 2 ? 'two checkers' : 'one checker'} may leave the head (point ${HEAD}) this turn`,
        ];
      case STEP_SIX_BLOCK:
        return [
          'six-block',
          `${step}: it would build six or more points in a row with no opposing checker past them (six-block rule)`,
        ];
      case STEP_BEAR_OFF_NOT_HOME:
        return ['bear-off-not-allowed', `${step}: bearing off needs all your checkers in your home (points 1-6)`];
      case STEP_BEAR_OFF_HIGHER:
        return [
          'bear-off-not-allowed',
          `${step}: the ${die} bears off from ${pointName(from)} only when no checker stands higher; play it inside home`,
        ];
      default:
        return ['bad-move', `${step} is not legal`];
    }
  }
}
