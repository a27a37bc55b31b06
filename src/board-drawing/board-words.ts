/**
 * The words a board drawing writes: the variant, a side's name where it has none, the pips and the
 * score, the footer and the title. English by default, the words of the service's board.svg; a
 * client passes its own to draw the board in its reader's language. Each is a whole phrase made
 * from the facts, so that a language can order and inflect it as it needs.
 */
import type { Colour, Variant } from '../engine/index.js';

/** What the drawing's title says: its <title>, read out by screen readers. */
export interface BoardTitleFacts {
  readonly variant: Variant;
  /** The viewer's name as drawn, and colour. */
  readonly viewer: string;
  readonly perspective: Colour;
  /** The other side's name as drawn. */
  readonly opponent: string;
  /** The match score, the viewer's first; null outside a match. */
  readonly score: { readonly viewer: number; readonly opponent: number } | null;
  /** The dice to play and the name of who plays them; null when none are thrown. */
  readonly dice: { readonly player: string; readonly values: readonly [number, number] } | null;
}

export interface BoardWords {
  /** "Backgammon", "Long nardy". */
  variant(variant: Variant): string;
  /** A side's name when the picture gives none: "White", "Black". */
  colour(colour: Colour): string;
  /** A side's pip count: "167 pips". */
  pips(count: number): string;
  /** A side's match score: "1 point", "3 points". */
  points(count: number): string;
  /** The footer's match: "5-point match", "money session" for length 0, "position" outside a match (null). */
  match(length: number | null): string;
  /** The footer's mark of the Crawford game. */
  readonly crawford: string;
  /** The title: "Backgammon board: alice (white) against bob, score 1-0, alice to play 6-4". */
  title(facts: BoardTitleFacts): string;
}

const VARIANT_NAMES: Readonly<Record<Variant, string>> = { backgammon: 'Backgammon', 'long-nardy': 'Long nardy' };

/** The service's words: those of board.svg. */
export const ENGLISH_BOARD_WORDS: BoardWords = {
  variant: (variant) => VARIANT_NAMES[variant],
  colour: (colour) => (colour === 'white' ? 'White' : 'Black'),
  pips: (count) => `${count} pips`,
  points: (count) => `${count} ${count === 1 ? 'point' : 'points'}`,
  match: (length) => (length === null ? 'position' : length === 0 ? 'money session' : `${length}-point match`),
  crawford: 'Crawford game',
  title({ variant, viewer, perspective, opponent, score, dice }) {
    let title = `${VARIANT_NAMES[variant]} board: ${viewer} (${perspective}) against ${opponent}`;
    if (score !== null) title += `, score ${score.viewer}-${score.opponent}`;
    if (dice !== null) title += `, ${dice.player} to play ${dice.values[0]}-${dice.values[1]}`;
    return title;
  },
};
