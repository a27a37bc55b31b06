/**
 * A match's games and turns as the API shows them (docs/architecture.md,
 * "Games and turns"): the engine's projection of the event log
 * (`gamesAndTurns`, one fold, the one the .mat export reads too), each turn's
 * items set out as fields: the cube actions, the throw, the play in gnubg's
 * notation, the resignation and its answer. Pure: no I/O.
 */
import {
  encodePositionId,
  formatPlay,
  gamesAndTurns,
  type Colour,
  type Dice,
  type GameRecord,
  type MatchEvent,
  type MatchState,
  type Move,
  type TurnRecord,
  type Variant,
} from '../../engine/index.js';

/** A cube action within a turn: the turn's player doubles, the opponent answers. */
export interface CubeActionView {
  readonly action: 'double' | 'take' | 'drop' | 'beaver';
  readonly by: Colour;
  /** The cube value after the action (a drop leaves it as it was). */
  readonly cubeValue: number;
}

/** One turn: a player's cube actions and throw and what was played with it. */
export interface TurnRecordView {
  /** 1, 2, ... within the game. */
  readonly number: number;
  readonly player: Colour;
  /** Backgammon: gnubg Position ID at the start of the turn, the turn's player on roll; null in long nardy. */
  readonly positionId: string | null;
  readonly cube: readonly CubeActionView[];
  /** Null when the turn ended before a throw (a dropped double, an accepted resignation, a timeout). */
  readonly dice: Dice | null;
  /** The play in gnubg's notation; '' when the throw had no legal play; null when nothing was thrown. */
  readonly play: string | null;
  readonly moves: readonly Move[] | null;
  /** A resignation offered in this turn (by either player), and whether it was accepted. */
  readonly resignation: { readonly by: Colour; readonly value: 1 | 2 | 3; readonly accepted: boolean | null } | null;
}

/** A game's summary. */
export interface GameRecordView {
  readonly number: number;
  /** Who played first (won the opening throw, or was named to start by the rules); null before anyone has. */
  readonly starter: Colour | null;
  readonly winner: Colour | null;
  /**
   * single, gammon, backgammon (backgammon); oin, mars, koks (long nardy); null while unfinished, or
   * when a timeout or a leave ended the match during it (a money game forfeited by leaving has its result, M6).
   */
  readonly result: 'single' | 'gammon' | 'backgammon' | 'oin' | 'mars' | 'koks' | null;
  /** bear-off, drop, resignation; timeout or leave when the match ended during the game, or leave for a forfeited money game; null while it goes on. */
  readonly endedBy: 'bear-off' | 'drop' | 'resignation' | 'timeout' | 'leave' | null;
  readonly points: number;
  /** The cube value the game was scored at; while it goes on, the value now. */
  readonly cubeValue: number;
  readonly turns: number;
}

export interface GameWithTurns {
  readonly game: GameRecordView;
  readonly turns: readonly TurnRecordView[];
}

/**
 * Every game of the match with its turns, from `initial` (the match's start)
 * and its events in order. Throws IllegalEventError if the log is not a legal
 * history (the store has already folded it, so it is).
 */
export function gamesOf(initial: MatchState, events: readonly MatchEvent[]): GameWithTurns[] {
  const { variant } = initial.config;
  return gamesAndTurns(initial, events).map((game) => ({
    game: gameView(game),
    turns: game.turns.map((turn) => turnView(variant, turn)),
  }));
}

function gameView(game: GameRecord): GameRecordView {
  const { number, starter, winner, result, endedBy, points, cubeValue } = game;
  return { number, starter, winner, result, endedBy, points, cubeValue, turns: game.turns.length };
}

/** A turn's items as its fields; where a turn holds two of a kind (a play made after the opponent's rejected resignation), the later one. */
function turnView(variant: Variant, turn: TurnRecord): TurnRecordView {
  const cube: CubeActionView[] = [];
  let dice: Dice | null = null;
  let play: string | null = null;
  let moves: readonly Move[] | null = null;
  let resignation: TurnRecordView['resignation'] = null;
  for (const item of turn.items) {
    switch (item.kind) {
      case 'throw':
        dice = item.dice;
        // A throw with no legal play passes the turn at once: an empty play.
        if (item.passed) {
          play = '';
          moves = [];
        }
        break;
      case 'play':
        moves = item.moves;
        play = formatPlay(variant, item.moves, item.before);
        break;
      case 'double':
      case 'beaver':
      case 'take':
      case 'drop':
        cube.push({ action: item.kind, by: item.by, cubeValue: item.cubeValue });
        break;
      case 'resign':
        resignation = { by: item.by, value: item.value, accepted: null };
        break;
      case 'resignation-answer':
        if (resignation !== null)
          resignation = { by: resignation.by, value: resignation.value, accepted: item.accepted };
        break;
      case 'wins':
        break;
    }
  }
  return {
    number: turn.number,
    player: turn.player,
    positionId: variant === 'backgammon' ? encodePositionId(turn.position) : null,
    cube,
    dice,
    play,
    moves,
    resignation,
  };
}
