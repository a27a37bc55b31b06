/**
 * What to send GNU Backgammon 1.07 in its external mode (`external <socket>`,
 * external.c) to have it decide for one colour of a backgammon match: one
 * line, a FIBS board (fibs-board.ts) and gnubg's session options
 * (external_y.y: `jacobyrule`, `crawfordrule`, `beavers` on/off and
 * `resignation 1|2|3`). gnubg answers with one line: a play ("24/18 13/11",
 * single-die steps, 25 the bar and 0 off), `double` or `roll`, `take`, `drop`
 * or `beaver`, `accept` or `reject`, or "Error: ...".
 *
 * How gnubg 1.07 reads the line (ProcessFIBSBoardInfo, ExtFIBSBoard), checked
 * against the real program (docs/bots.md "GNU Backgammon as a bot"):
 * - It evaluates for the side the turn field names, except after a double
 *   (was doubled = 1), where the turn field names the doubler and gnubg
 *   answers for the other side. A resignation is judged from the resigning
 *   side: the turn names the resigner, with `resignation n`.
 * - It takes the first score field as the score of the side it does not
 *   evaluate for and the second as that side's: for a play or a double
 *   ("You" on turn) the fields come in the opposite order from FIBS's.
 * - It reads the cube's owner from the may-double flags, whatever the turn:
 *   both set, centred; one set, that side owns it. Both clear with was
 *   doubled 0 would read as a double, so a centred cube always sets both.
 * - The Crawford game is one where a side is 1-away with neither field 49
 *   (the Crawford game was played) nor field 50 (not the Crawford game) set.
 * - It reads 50 numbers into a buffer that keeps the previous line's values
 *   where a line has fewer, and reads at most 255 bytes of a line: all 50
 *   are always written, and a line never comes near that length.
 * - It ignores `beavers` (its own `set beavers` decides) and fields 41-48.
 */

import {
  encodeFibsBoard,
  NotationError,
  opponentOf,
  positionFor,
  type Colour,
  type CubeOwner,
  type Dice,
  type FibsBoardFields,
  type MatchState,
} from '../../engine/index.js';

/** What gnubg is asked: a play, roll or double, take/drop/beaver, accept or reject a resignation. */
export type GnubgQuestion = 'play' | 'double' | 'take' | 'resignation';

export interface GnubgExternalRequest {
  readonly question: GnubgQuestion;
  /** The line to send, without its newline. */
  readonly command: string;
}

/** The longest line gnubg 1.07 reads whole (a 256-byte buffer, the newline included). */
export const GNUBG_MAX_COMMAND = 254;

/**
 * The line that asks gnubg what `colour` does now in `state`, or null when
 * the match asks `colour` nothing gnubg decides: not its turn, the opening
 * roll, a roll without the right to double, the match over.
 * Throws NotationError `bad-fields` for long nardy (gnubg plays backgammon only).
 */
export function gnubgExternalRequest(state: MatchState, colour: Colour): GnubgExternalRequest | null {
  if (state.config.variant !== 'backgammon') {
    throw new NotationError('bad-fields', 'GNU Backgammon plays backgammon only');
  }
  const { phase } = state;
  if (!('player' in phase) || phase.player !== colour) return null;
  switch (phase.kind) {
    case 'play':
      return request(state, 'play', board(state, colour, phase.dice, phase.plays[0]?.moves.length ?? 0));
    case 'roll':
      return phase.mayDouble ? request(state, 'double', board(state, colour, null, 0)) : null;
    case 'cube-response':
      return request(state, 'take', doubledBoard(state, colour, phase.offer.by));
    case 'resignation-response':
      return request(state, 'resignation', board(state, phase.offer.by, null, 0), ` resignation ${phase.offer.value}`);
    default:
      return null;
  }
}

/** The board with `mover` as "You" on turn, scores in gnubg's order (the other side's first). */
function board(state: MatchState, mover: Colour, dice: Dice | null, canMove: number): FibsBoardFields {
  return {
    ...common(state, mover),
    score: scores(state, opponentOf(mover), mover),
    turn: 'player',
    playerDice: dice,
    wasDoubled: false,
    canMove,
  };
}

/** The board of a double `taker` must answer: the turn names the doubler, scores in FIBS's order. */
function doubledBoard(state: MatchState, taker: Colour, doubler: Colour): FibsBoardFields {
  return {
    ...common(state, taker),
    score: scores(state, taker, doubler),
    turn: 'opponent',
    playerDice: null,
    wasDoubled: true,
    canMove: 0,
  };
}

/**
 * The score fields, `first`'s then `second`'s; none in a money session (gnubg judges money play
 * without them, and a session's points may pass the 99,999 a board line holds).
 */
function scores(state: MatchState, first: Colour, second: Colour): FibsBoardFields['score'] {
  if (state.config.length === 0) return { player: 0, opponent: 0 };
  const { score } = state.progress;
  return { player: score[first], opponent: score[second] };
}

/** The fields that do not depend on the question, `you` being "You". */
function common(state: MatchState, you: Colour) {
  const { cube } = state.game;
  const { length } = state.config;
  const { progress } = state;
  const owns = (owner: CubeOwner, side: Colour) => owner === 'centre' || owner === side;
  return {
    names: { player: you, opponent: opponentOf(you) },
    matchLength: length,
    position: positionFor(state, you),
    opponentDice: null,
    // The value before a double waiting for an answer (after a beaver, the value the beaver took).
    cubeValue: cube.value,
    playerMayDouble: owns(cube.owner, you),
    opponentMayDouble: owns(cube.owner, opponentOf(you)),
    didCrawford: length > 0 && progress.postCrawford,
    redoubles: length > 0 && !progress.crawfordGame ? 1 : 0,
  } as const;
}

function request(
  state: MatchState,
  question: GnubgQuestion,
  fields: FibsBoardFields,
  extra = '',
): GnubgExternalRequest {
  const rules = state.config.effectiveRules;
  const on = (b: boolean) => (b ? 'on' : 'off');
  const command =
    `${encodeFibsBoard(fields)} jacobyrule ${on(rules.jacoby)} crawfordrule ${on(rules.crawford)}` +
    ` beavers ${on(rules.beavers)}${extra}`;
  if (command.length > GNUBG_MAX_COMMAND) {
    throw new NotationError('bad-fields', `the line for gnubg is ${command.length} bytes, over ${GNUBG_MAX_COMMAND}`);
  }
  return { question, command };
}
