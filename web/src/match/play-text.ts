/**
 * A play typed by a person in GNU Backgammon's move text (docs/rules.md C5): `24/18 13/11`, `13/11 24/18`,
 * `24/13` (one checker, both dice), `8/2*(2)`, `bar/22`, `6/off`, `25/20`, with or without `*`. Long nardy
 * uses the same text in its own numbering. The engine judges it (validatePlay, as the server does when the
 * text is sent), so the page writes no rule of its own; the play meant is then the server's listed one for
 * the position it leads to.
 */
import { validatePlay, type Colour, type Dice, type PlayRefusal, type Variant } from '../../../src/engine/index.js';
import { colourBoardKey, colourBoardOf, positionOf, type ColourBoardInput } from './colour-board.js';
import type { LegalPlayShape } from './play-builder.js';

export type PlayFromText<P> =
  { readonly play: P } | { readonly error: string; readonly reason: PlayRefusal | 'no-legal-play' | 'empty' };

/** The turn a text is read in: the board before the play, who plays, the dice and the server's legal plays. */
export interface TextTurn<P extends LegalPlayShape> {
  readonly board: ColourBoardInput;
  readonly variant: Variant;
  readonly player: Colour;
  readonly dice: Dice;
  readonly plays: readonly P[];
  /** The mover's first turn of the game (long nardy N5). */
  readonly firstTurn?: boolean;
}

/** The legal play `text` names, or why not, in words for the person who typed it. */
export function playFromText<P extends LegalPlayShape>(text: string, turn: TextTurn<P>): PlayFromText<P> {
  const { plays, player } = turn;
  if (plays.length === 0) {
    return { error: 'There is no legal play with this roll: the turn passes.', reason: 'no-legal-play' };
  }
  const written = text.trim();
  if (written === '') return { error: 'Type the play, for example 24/18 13/11.', reason: 'empty' };
  const position = positionOf(turn.board, player);
  const judged = validatePlay(turn.variant, position, turn.dice, written, { firstTurn: turn.firstTurn ?? false });
  if (!judged.ok) return { error: `"${written}": ${judged.message}.`, reason: judged.reason };
  const key = colourBoardKey(colourBoardOf(judged.play.position, player));
  const listed = plays.find((play) => colourBoardKey(colourBoardOf(play.position, player)) === key);
  return listed === undefined
    ? { error: `"${written}" is not one of the legal plays of this roll.`, reason: 'bad-move' }
    : { play: listed };
}
