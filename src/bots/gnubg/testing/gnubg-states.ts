/**
 * Match states for the gnubg bot's tests: a backgammon match folded from
 * events, and the same state with another board (the phase's legal plays
 * made for it), to ask gnubg about chosen positions. Test code only.
 */
import {
  applyOrThrow,
  legalPlays,
  makePosition,
  newMatch,
  recordsDue,
  sideFromCounts,
  type Colour,
  type Dice,
  type MatchEvent,
  type MatchState,
  type Position,
  type RulesOptions,
} from '../../../engine/index.js';

/** `state` after `events`, each followed by the records it makes due. */
export function fold(state: MatchState, ...events: MatchEvent[]): MatchState {
  for (const event of events) {
    state = applyOrThrow(state, event);
    for (const record of recordsDue(state)) state = applyOrThrow(state, record);
  }
  return state;
}

/** A backgammon match of `length` (0: money) with both players seated. */
export function seated(length: number, rules: Partial<RulesOptions> = {}): MatchState {
  return fold(
    newMatch({ variant: 'backgammon', length, rules }),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
  );
}

/** A position from `mover`'s side: own point → checkers for each side (25 = the bar). */
export function position(mine: Record<number, number>, theirs: Record<number, number>): Position {
  const bar = (side: Record<number, number>) => side[25] ?? 0;
  const points = (side: Record<number, number>) => Object.fromEntries(Object.entries(side).filter(([p]) => p !== '25'));
  return makePosition(sideFromCounts(points(mine), bar(mine)), sideFromCounts(points(theirs), bar(theirs)));
}

/**
 * `state` with `board` (seen from `mover`) in place of its own; a play phase
 * gets the legal plays of the new board with `dice` (its own dice if none).
 */
export function withBoard(state: MatchState, mover: Colour, board: Position, dice?: Dice): MatchState {
  const colours =
    mover === 'white' ? { white: board.player, black: board.opponent } : { white: board.opponent, black: board.player };
  const { phase } = state;
  const replaced =
    phase.kind === 'play'
      ? {
          kind: 'play' as const,
          player: phase.player,
          dice: dice ?? phase.dice,
          plays: legalPlays('backgammon', board, dice ?? phase.dice),
        }
      : phase;
  return { ...state, game: { ...state.game, board: colours }, phase: replaced };
}

/** The player to play plays the first of its legal plays. */
export function playFirst(state: MatchState): MatchState {
  const { phase } = state;
  if (phase.kind !== 'play') throw new Error(`not a play phase: ${phase.kind}`);
  return fold(state, { type: 'play', by: phase.player, moves: phase.plays[0].moves });
}

/** White wins the opening throw with 3-1 and plays 8/5 6/5: black is to roll. */
export const OPENING_3_1: readonly MatchEvent[] = [
  { type: 'opening-roll', white: 3, black: 1 },
  {
    type: 'play',
    by: 'white',
    moves: [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ],
  },
];
