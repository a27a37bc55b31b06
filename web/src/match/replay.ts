/**
 * The replay slider's stops: from a match's events (GET /api/matches/{id}/events, every page), the seq
 * of each event after which a position is worth showing, with a short label. The page shows the position
 * at a stop with GET /api/matches/{id}/positions/{seq}.
 *
 * Stops: every throw (opening throws and rolls), play, cube action (double, take, drop, beaver), game end
 * and the match's end (docs/architecture.md "Match event model"). Labels name the game and say what
 * happened: "Game 2, white plays 24/18 13/11", "Game 2, black doubles to 4". Plays are written in gnubg's
 * text by the engine's formatter, with the hits marked: the board is followed from each game's start
 * (docs/rules.md B1, N1). The cube's value is followed too, opening ties with automatic doubles included
 * (docs/rules.md M1, M4). Labels are in the page's language; plays and names stay as they are.
 */
import {
  formatPlay,
  initialPosition,
  MAX_CUBE,
  opponentOf,
  type Colour,
  type ColourBoard,
  type Variant,
} from '../../../src/engine/index.js';
import type { MatchEvent } from '../api/client.js';
import { t } from '../i18n/index.js';
import { boardAfterMoves, colourBoard } from './colour-board.js';

const THROWS = ['opening-roll', 'roll'] as const;
const CUBE_ACTIONS = ['double', 'take', 'drop', 'beaver'] as const;
const ENDS = ['game-end', 'match-end'] as const;
/** The types of the events that are stops of the slider: throws, plays, cube actions, ends. */
export const REPLAY_KINDS = [...THROWS, 'play', ...CUBE_ACTIONS, ...ENDS] as const;
export type ReplayKind = (typeof REPLAY_KINDS)[number];

/** A stop of the slider: the position after event `seq`. */
export interface ReplayPoint {
  readonly seq: number;
  /** The game the event belongs to, from 1. */
  readonly game: number;
  readonly kind: ReplayKind;
  readonly label: string;
  /** What happened, without the game's number ("alice rolls 6-4"). */
  readonly what: string;
}

/** What labels need besides the events (the match state has all of it). */
export interface ReplayOptions {
  readonly variant: Variant;
  /** The match's rules (MatchStateDto.rules): automatic doubles move the cube on opening ties. */
  readonly rules?: { readonly cube: boolean; readonly automaticDoubles: number; readonly cubeLimit: number | null };
  /** Points to win; 0 for a money session ("session" rather than "match" in the last label). */
  readonly length?: number;
  /** How to call the players (usernames); their colours when left out. */
  readonly names?: { readonly white: string; readonly black: string };
}

/** The slider's stops, in the order of the events. */
export function replayPoints(events: readonly MatchEvent[], options: ReplayOptions): ReplayPoint[] {
  const { variant, rules } = options;
  const name = (colour: Colour | null): string =>
    (colour === null ? undefined : options.names?.[colour]) ?? t('moves.replay.colour', { colour: colour ?? 'none' });
  const start = initialPosition(variant);
  const points: ReplayPoint[] = [];
  let game = 1;
  let board: ColourBoard = { white: start.player, black: start.opponent };
  let cube = 1;
  let offered = 2;
  let automatic = 0;
  let ended = false;
  const stop = (seq: number, kind: ReplayKind, label: string): void => {
    points.push({
      seq,
      game,
      kind,
      label: kind === 'game-end' || kind === 'match-end' ? label : t('moves.replay.inGame', { game, what: label }),
      what: label,
    });
  };

  events.forEach((event, at) => {
    if (ended && NEW_GAME.has(event.type)) {
      // The next game starts from the setup with the cube in the middle.
      game++;
      board = { white: start.player, black: start.opponent };
      cube = 1;
      automatic = 0;
      ended = false;
    }
    switch (event.type) {
      case 'opening-roll': {
        const values = { white: name('white'), whiteDie: event.white, black: name('black'), blackDie: event.black };
        let label = t('moves.replay.openingRoll', values);
        if (event.white === event.black) {
          label = t('moves.replay.openingRollAgain', values);
          if (rules && rules.cube && automatic < rules.automaticDoubles && withinLimit(cube * 2, rules.cubeLimit)) {
            automatic++;
            cube *= 2;
            label = t('moves.replay.openingRollCube', { ...values, cube });
          }
        }
        stop(event.seq, 'opening-roll', label);
        break;
      }
      case 'roll':
        stop(
          event.seq,
          'roll',
          t(passes(events, at, event.by) ? 'moves.replay.rollPasses' : 'moves.replay.roll', {
            name: name(event.by),
            dice: event.dice.join('-'),
          }),
        );
        break;
      case 'play': {
        const before = { player: board[event.by], opponent: board[opponentOf(event.by)] };
        const moves = event.moves.map(({ from, to }) => ({ from, to }));
        const play = formatPlay(variant, moves, before);
        stop(
          event.seq,
          'play',
          play === ''
            ? t('moves.replay.playNothing', { name: name(event.by) })
            : t('moves.replay.play', { name: name(event.by), play }),
        );
        board = event.board ? colourBoard(event.board) : boardAfterMoves(board, variant, event.by, moves);
        break;
      }
      case 'double':
        offered = cube * 2;
        stop(event.seq, 'double', t('moves.replay.double', { name: name(event.by), cube: offered }));
        break;
      case 'beaver':
        cube = offered;
        offered = cube * 2;
        stop(event.seq, 'beaver', t('moves.replay.beaver', { name: name(event.by), cube: offered }));
        break;
      case 'take':
        cube = offered;
        stop(event.seq, 'take', t('moves.replay.take', { name: name(event.by), cube }));
        break;
      case 'drop':
        stop(event.seq, 'drop', t('moves.replay.drop', { name: name(event.by) }));
        break;
      case 'game-end': {
        const { winner, points: won, kind, reason } = event.outcome;
        game = event.gameNumber;
        // The message says how: a dropped double, or a resignation, and the kind of win unless single.
        stop(
          event.seq,
          'game-end',
          t('moves.replay.gameEnd', {
            game,
            name: name(winner),
            points: won,
            reason: reason === 'bear-off' ? 'bearOff' : reason,
            kind,
          }),
        );
        ended = true;
        break;
      }
      case 'match-end': {
        const session = options.length === 0;
        const score = `${event.score.white}-${event.score.black}`;
        stop(
          event.seq,
          'match-end',
          event.winner === null
            ? t(session ? 'moves.replay.sessionEven' : 'moves.replay.matchEven', { score })
            : t(session ? 'moves.replay.sessionWon' : 'moves.replay.matchWon', {
                name: name(event.winner),
                why: event.reason,
                score,
              }),
        );
        break;
      }
      default:
        break;
    }
  });
  return points;
}

/**
 * The stops of a replay by turn: a throw and the play that follows it (by the same player, in the
 * same game) are one stop, at the play, labelled with both ("Game 2, alice rolls 6-4; alice plays
 * 24/14"); a throw that cannot be played, the cube's actions and the ends stay stops of their own.
 */
export function replayTurns(points: readonly ReplayPoint[]): ReplayPoint[] {
  const turns: ReplayPoint[] = [];
  points.forEach((point, i) => {
    const previous = points[i - 1];
    const merges =
      point.kind === 'play' &&
      previous !== undefined &&
      (previous.kind === 'roll' || previous.kind === 'opening-roll') &&
      previous.game === point.game;
    if (merges) {
      turns.pop();
      turns.push({
        ...point,
        label: t('moves.replay.turn', { game: point.game, roll: previous.what, play: point.what }),
      });
    } else turns.push(point);
  });
  return turns;
}

/** The events that can open a game: its opening throw, or the starter's roll, double or resignation (N3). */
const NEW_GAME: ReadonlySet<string> = new Set(['opening-roll', 'roll', 'double', 'resign']);

/** Whether the cube may go to `value`: the agreed limit, never past the highest cube (docs/rules.md M1). */
function withinLimit(value: number, limit: number | null): boolean {
  return value <= Math.min(limit ?? MAX_CUBE, MAX_CUBE);
}

/**
 * Whether the roll at `at` passed the turn (no legal play): the next move is the opponent's roll or
 * double, with no play of the roller in between (an offer to resign and its rejection aside).
 */
function passes(events: readonly MatchEvent[], at: number, roller: Colour): boolean {
  for (let i = at + 1; i < events.length; i++) {
    const next = events[i];
    if (next.type === 'resign' || next.type === 'resignation-reject') continue;
    if (next.type === 'play') return false;
    return (next.type === 'roll' || next.type === 'double') && next.by !== roller;
  }
  return false;
}
