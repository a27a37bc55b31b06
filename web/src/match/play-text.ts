/**
 * A play typed by a person in GNU Backgammon's move text (docs/rules.md C5): `24/18 13/11`, `13/11 24/18`,
 * `24/13` (one checker, both dice), `8/2*(2)`, `bar/22`, `6/off`, `25/20`, with or without `*`. Long nardy
 * uses the same text in its own numbering. The engine judges it (validatePlay, as the server does when the
 * text is sent), so the page writes no rule of its own; the play meant is then the server's listed one for
 * the position it leads to. What is wrong with a text is said in the page's language; the engine's
 * own explanation, in English, is the English page's.
 */
import { validatePlay, type Colour, type Dice, type PlayRefusal, type Variant } from '../../../src/engine/index.js';
import { t } from '../i18n/index.js';
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
    return { error: t('moves.playText.noLegalPlay'), reason: 'no-legal-play' };
  }
  const written = text.trim();
  if (written === '') return { error: t('moves.playText.empty', { example: '24/18 13/11' }), reason: 'empty' };
  const position = positionOf(turn.board, player);
  const judged = validatePlay(turn.variant, position, turn.dice, written, { firstTurn: turn.firstTurn ?? false });
  if (!judged.ok) {
    // The refusal as the messages' `reason` choice names it ("must-use-both-dice" as mustUseBothDice).
    const reason = judged.reason.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    return {
      error: t('moves.playText.refused', { text: written, reason, detail: judged.message }),
      reason: judged.reason,
    };
  }
  const key = colourBoardKey(colourBoardOf(judged.play.position, player));
  const listed = plays.find((play) => colourBoardKey(colourBoardOf(play.position, player)) === key);
  return listed === undefined
    ? { error: t('moves.playText.notListed', { text: written }), reason: 'bad-move' }
    : { play: listed };
}
