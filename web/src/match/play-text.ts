/**
 * A play typed by a person in GNU Backgammon's move text (docs/rules.md C5): `24/18 13/11`, `13/11 24/18`,
 * `24/13` (one checker, both dice), `8/2*(2)`, `bar/22`, `6/off`, `25/20`, with or without `*`. Long nardy
 * uses the same text in its own numbering. The text is read by the engine's parser and matched against
 * the server's legal plays by the position it leads to, so any way of writing a play finds it.
 *
 * Matching: the written moves are applied to the board (highest point first; a move spanning several
 * dice moves its checker in one go). A legal play whose board for the mover is the same is the play meant;
 * when several are (they differ only in which blots are hit), the one hitting just what the text's moves
 * land on is taken: `24/13` passes 18 without hitting, `24/18*\/13` hits there, as gnubg writes them.
 * Points passed on the way are not judged: the position decides, and the play sent is the server's.
 */
import { BAR, tryParseMoveText, type Colour, type Move, type Variant } from '../../../src/engine/index.js';
import { applySteps, StepError } from './board-steps.js';
import { colourBoardOf, sidesEqual, type ColourBoardInput } from './colour-board.js';
import type { LegalPlayShape } from './play-splits.js';

export type PlayFromText<P> = { readonly play: P } | { readonly error: string };

/**
 * The legal play `text` names, or an error message for the person who typed it. `board` is the board
 * before the play, `player` the colour to move.
 */
export function playFromText<P extends LegalPlayShape>(
  text: string,
  plays: readonly P[],
  board: ColourBoardInput,
  variant: Variant,
  player: Colour,
): PlayFromText<P> {
  if (plays.length === 0) return { error: 'There is no legal play with this roll: the turn passes.' };
  const written = text.trim();
  if (written === '') return { error: 'Type the play, for example 24/18 13/11.' };
  const parsed = tryParseMoveText(written);
  if (!parsed.ok) return { error: `Cannot read "${written}": ${parsed.message}.` };
  const moves = parsed.moves.slice().sort((a, b) => b.from - a.from || b.to - a.to);

  let after;
  try {
    after = applySteps(board, variant, player, moves);
  } catch (error) {
    if (error instanceof StepError) return { error: `"${written}" is not possible: ${missing(error.step)}.` };
    throw error;
  }
  const same = plays.filter((play) => sidesEqual(colourBoardOf(play.position, player)[player], after[player]));
  if (same.length === 1) return { play: same[0] };
  const exact = same.filter((play) => {
    const theirs = colourBoardOf(play.position, player);
    return sidesEqual(theirs.white, after.white) && sidesEqual(theirs.black, after.black);
  });
  if (exact.length === 1) return { play: exact[0] };
  if (same.length > 1) {
    return {
      error: `"${written}" could be more than one play: write the point where a checker hits, for example 24/18*/13.`,
    };
  }
  return { error: `"${written}" is not a legal play with this roll${shortOf(moves, plays)}.` };
}

function missing(step: Move): string {
  return step.from === BAR ? 'you have no checker on the bar' : `you have no checker on point ${step.from}`;
}

/** ": it leaves dice unplayed" when the text moves fewer pips than every legal play does. */
function shortOf(moves: readonly Move[], plays: readonly LegalPlayShape[]): string {
  const pips = (steps: readonly Move[]): number => steps.reduce((sum, s) => sum + s.from - s.to, 0);
  const written = pips(moves);
  return plays.every((play) => pips(play.moves) > written) ? ': it leaves dice unplayed' : '';
}
