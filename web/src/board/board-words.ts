/**
 * The board drawing's words (src/board-drawing's BoardWords) in the page's language: the drawing
 * itself stays free of the client's catalogs, and the server draws board.svg in English.
 */
import type { BoardWords } from '../../../src/board-drawing/index.js';
import type { Colour, Variant } from '../api/client.js';
import { t } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';

const VARIANTS: Readonly<Record<Variant, MessageKey>> = {
  backgammon: 'board.variant.backgammon',
  'long-nardy': 'board.variant.longNardy',
};

const COLOURS: Readonly<Record<Colour, MessageKey>> = { white: 'board.colour.white', black: 'board.colour.black' };

/** A colour's name, as a side without a name is called: "White", "Black". */
export function colourName(colour: Colour): string {
  return t(COLOURS[colour]);
}

/** The board's words in the active language (read when called: a page drawn again after a change has the new ones). */
export function boardWords(): BoardWords {
  return {
    variant: (variant) => t(VARIANTS[variant]),
    colour: colourName,
    pips: (count) => t('board.pips', { count }),
    points: (count) => t('board.points', { count }),
    match: (length) =>
      length === null
        ? t('board.match.position')
        : length === 0
          ? t('board.match.money')
          : t('board.match.length', { length }),
    crawford: t('board.crawford'),
    title: ({ variant, viewer, perspective, opponent, score, dice }) =>
      t('board.title', {
        variant: variant === 'backgammon' ? 'backgammon' : 'longNardy',
        viewer,
        perspective,
        opponent,
        score: score === null ? 'no' : 'yes',
        viewerScore: score?.viewer ?? 0,
        opponentScore: score?.opponent ?? 0,
        dice: dice === null ? 'no' : 'yes',
        player: dice?.player ?? '',
        first: dice?.values[0] ?? 0,
        second: dice?.values[1] ?? 0,
      }),
  };
}
