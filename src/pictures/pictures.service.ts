/**
 * The board pictures' use cases (docs/architecture.md, "Board pictures"): a
 * match's position after any event, and any position given in full, drawn as
 * SVG. Reads only: the match through the MatchStore, a position through the
 * positions module's reading of a Position ID, an XGID or board JSON.
 */
import { Injectable } from '@nestjs/common';
import type { Colour, Variant } from '../engine/index.js';
import { colourOf, playerOf, MatchStore } from '../matches/index.js';
import { readPositionInput, InvalidPositionError } from '../positions/index.js';
import { matchPicture, positionPicture, renderBoardSvg, type PositionPerspective } from '../board-drawing/index.js';

export interface MatchBoardRequest {
  /** After which event; the current position when undefined. */
  readonly seq?: number;
  /** The colour at the bottom; by default the caller's when a player, else white. */
  readonly perspective?: Colour;
  /** The caller, null when anonymous. */
  readonly userId: string | null;
}

@Injectable()
export class PicturesService {
  constructor(private readonly store: MatchStore) {}

  /** The match's board after event `seq` (or now), as SVG. */
  async matchBoard(id: string, request: MatchBoardRequest): Promise<string> {
    const { seq } = request;
    // The current position is the store's folded state; a past one is folded up to `seq` only.
    const { record, state } = seq === undefined ? await this.store.load(id) : await this.store.loadAfter(id, seq);
    const perspective = request.perspective ?? colourOf(record, request.userId) ?? 'white';
    // The players as the match state JSON names them.
    const names = { white: playerOf(record, 'white')?.username, black: playerOf(record, 'black')?.username };
    return renderBoardSvg(matchPicture(state, perspective, names));
  }

  /** A position given as a Position ID, an XGID or board JSON text, as SVG. */
  positionBoard(variant: Variant, position: string, perspective?: PositionPerspective): string {
    const board = readPositionInput(variant, positionParameter(position));
    return renderBoardSvg(positionPicture(variant, board, perspective));
  }
}

/**
 * The `position` query parameter as readPositionInput takes it: board JSON
 * parsed, or a notation string. Position IDs and XGIDs hold no spaces, so a
 * space is a `+` that the URL left unencoded (a query string reads `+` as a
 * space).
 */
function positionParameter(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return trimmed.replace(/ /g, '+');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    throw new InvalidPositionError('bad-json', 'position starts like board JSON but is not valid JSON.');
  }
}
