/**
 * A match's games and turns as read back from its event log
 * (docs/architecture.md, "Games and turns"): the log is folded through the
 * engine once, and each event is told the state it found, so that a turn
 * knows the position it started from and a play its notation. Pure: no I/O.
 */
import {
  apply,
  encodePositionId,
  formatPlay,
  positionFor,
  type Colour,
  type Dice,
  type MatchEvent,
  type MatchState,
  type Move,
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

interface MutableTurn {
  number: number;
  player: Colour;
  positionId: string | null;
  cube: CubeActionView[];
  dice: Dice | null;
  play: string | null;
  moves: readonly Move[] | null;
  resignation: { by: Colour; value: 1 | 2 | 3; accepted: boolean | null } | null;
}

interface MutableGame {
  game: {
    number: number;
    starter: Colour | null;
    winner: Colour | null;
    result: GameRecordView['result'];
    endedBy: GameRecordView['endedBy'];
    points: number;
    cubeValue: number;
  };
  turns: MutableTurn[];
}

/**
 * Every game of the match with its turns, from `initial` (the match's start)
 * and its events in order. Throws if the log is not a legal history (the
 * store has already folded it, so it is).
 */
export function gamesOf(initial: MatchState, events: readonly MatchEvent[]): GameWithTurns[] {
  const games: MutableGame[] = [];
  let state = initial;
  const current = (): MutableGame => {
    const last = games[games.length - 1];
    if (last !== undefined && last.game.number === state.game.number) return last;
    const started: MutableGame = {
      game: {
        number: state.game.number,
        starter: null,
        winner: null,
        result: null,
        endedBy: null,
        points: 0,
        cubeValue: state.game.cube.value,
      },
      turns: [],
    };
    games.push(started);
    return started;
  };
  /** The turn of `player` going on, or a new one starting from the position as it stands. */
  const turnOf = (game: MutableGame, player: Colour): MutableTurn => {
    const last = game.turns[game.turns.length - 1];
    if (last !== undefined && last.player === player && last.dice === null) return last;
    const turn: MutableTurn = {
      number: game.turns.length + 1,
      player,
      positionId: state.config.variant === 'backgammon' ? encodePositionId(positionFor(state, player)) : null,
      cube: [],
      dice: null,
      play: null,
      moves: null,
      resignation: null,
    };
    game.turns.push(turn);
    // Without an opening throw (the next game's starter named by the rules), the first turn's player started.
    game.game.starter ??= player;
    return turn;
  };
  const lastTurn = (game: MutableGame): MutableTurn | undefined => game.turns[game.turns.length - 1];

  for (const event of events) {
    const before = state;
    const result = apply(state, event);
    if (!result.ok)
      throw new Error(`The log is not a legal history at event ${before.eventCount + 1}: ${result.reason}`);
    state = result.state;
    switch (event.type) {
      case 'opening-roll': {
        const game = current();
        if (event.white === event.black) break; // a tie is thrown again (or doubles the cube in money play)
        const starter: Colour = event.white > event.black ? 'white' : 'black';
        game.game.starter = starter;
        const turn = turnOf(game, starter);
        turn.dice = starter === 'white' ? [event.white, event.black] : [event.black, event.white];
        break;
      }
      case 'roll': {
        const game = current();
        turnOf(game, event.by).dice = event.dice;
        const turn = lastTurn(game)!;
        // A throw with no legal play passes the turn at once: an empty play.
        if (state.phase.kind !== 'play' && state.game.number === game.game.number) {
          turn.play = '';
          turn.moves = [];
        }
        break;
      }
      case 'play': {
        const game = current();
        const turn = lastTurn(game)!;
        turn.moves = event.moves;
        turn.play = formatPlay(before.config.variant, event.moves, positionFor(before, event.by));
        break;
      }
      case 'double': {
        const turn = turnOf(current(), event.by);
        turn.cube.push({ action: 'double', by: event.by, cubeValue: before.game.cube.value * 2 });
        break;
      }
      case 'beaver':
      case 'take':
      case 'drop': {
        // The answer to the double of the game's last turn: a beaver redoubles the cube offered, a take
        // accepts it, a drop leaves it as it was (the game is scored at the value before the double).
        const cube = lastTurn(games[games.length - 1] ?? current())?.cube;
        if (cube === undefined) break;
        const offered = cube[cube.length - 1]?.cubeValue ?? before.game.cube.value * 2;
        const cubeValue = event.type === 'beaver' ? offered * 2 : event.type === 'take' ? offered : offered / 2;
        cube.push({ action: event.type, by: event.by, cubeValue });
        break;
      }
      case 'resign': {
        // A resignation is offered in the resigning player's turn, before or after the throw.
        const game = current();
        const last = lastTurn(game);
        const turn = last !== undefined && last.player === event.by ? last : turnOf(game, event.by);
        turn.resignation = { by: event.by, value: event.value, accepted: null };
        break;
      }
      case 'resignation-accept':
      case 'resignation-reject': {
        const resignation = lastTurn(games[games.length - 1] ?? current())?.resignation;
        if (resignation) resignation.accepted = event.type === 'resignation-accept';
        break;
      }
      case 'game-end': {
        const game = games.find((g) => g.game.number === event.gameNumber);
        if (game === undefined) break;
        const { outcome } = event;
        Object.assign(game.game, {
          winner: outcome.winner,
          result: outcome.kind,
          endedBy: outcome.reason,
          points: outcome.points,
          cubeValue: outcome.cubeValue,
        });
        break;
      }
      case 'match-end': {
        const game = games[games.length - 1];
        if (game !== undefined && game.game.endedBy === null && event.reason !== 'points') {
          game.game.winner = event.winner;
          game.game.endedBy = event.reason;
        }
        break;
      }
      default:
        break;
    }
    const open = games[games.length - 1];
    if (open !== undefined && open.game.endedBy === null && open.game.number === state.game.number) {
      open.game.cubeValue = state.game.cube.value;
    }
  }
  return games.map(({ game, turns }) => ({ game: { ...game, turns: turns.length }, turns }));
}
