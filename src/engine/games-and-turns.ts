/**
 * A match's games and their turns, read off its event log in one fold
 * (fold.ts): what the API's games view (docs/architecture.md "Games and
 * turns") and the .mat writer (match-files/mat.ts) both show, each in its own
 * form. Per game: its number, the score before it, who started it, how it
 * ended, and its turns. A turn is a player's: the position it started from
 * and what happened in it, in order: cube actions (the turn's player doubles,
 * the opponent answers), the throw, the play, a resignation offered (by
 * either player) and its answer, and the `wins` of the action that ended the
 * game.
 *
 * A turn begins with its player's first act (a double, a throw, a
 * resignation) and takes what follows until the next begins: an answer, a
 * play, a `wins` goes to the turn under way. Pure: no I/O.
 */
import type { MatchEvent } from './events.js';
import { foldEvents, type FoldStep } from './fold.js';
import { positionFor, type MatchState } from './match-state.js';
import type { ResultKind } from './result.js';
import type { GameEndReason, MatchScore } from './scoring.js';
import { canonicalMoves } from './transitions/plays.js';
import type { Colour, Dice, Move, Position } from './types.js';

/** What happened in a turn, in the order it happened. */
export type TurnItem =
  /** The throw: the opening throw (the starter's die first) or a roll; `passed` when it had no legal play. */
  | { readonly kind: 'throw'; readonly by: Colour; readonly dice: Dice; readonly passed: boolean }
  /** The play: its moves as stored and in gnubg's canonical order, and the position before it (the mover's side). */
  | {
      readonly kind: 'play';
      readonly by: Colour;
      readonly moves: readonly Move[];
      readonly canonicalMoves: readonly Move[];
      readonly before: Position;
    }
  /** A cube action and the cube's value after it: the value offered (double, beaver), taken, or kept by a drop. */
  | { readonly kind: 'double' | 'beaver' | 'take' | 'drop'; readonly by: Colour; readonly cubeValue: number }
  | { readonly kind: 'resign'; readonly by: Colour; readonly value: 1 | 2 | 3 }
  | { readonly kind: 'resignation-answer'; readonly by: Colour; readonly accepted: boolean }
  /** The game ended with the item before (a play, a drop, an accepted resignation): its winner and points. */
  | { readonly kind: 'wins'; readonly winner: Colour; readonly points: number };

/** One player's turn. */
export interface TurnRecord {
  /** 1, 2, ... within the game. */
  readonly number: number;
  readonly player: Colour;
  /** The board at the start of the turn, from the player's side. */
  readonly position: Position;
  readonly items: readonly TurnItem[];
}

/** One game of the match. */
export interface GameRecord {
  readonly number: number;
  /** The match score before the game. */
  readonly score: MatchScore;
  /** Who played first (won the opening throw, or was named to start by the rules); null before anyone has. */
  readonly starter: Colour | null;
  readonly winner: Colour | null;
  /** Null while unfinished, or when a timeout or a leave ended the match during it. */
  readonly result: ResultKind | null;
  /** How it ended, or how the match ended during it (timeout, leave); null while it goes on. */
  readonly endedBy: GameEndReason | 'timeout' | null;
  readonly points: number;
  /** The cube value the game was scored at; while it goes on, the value now. */
  readonly cubeValue: number;
  /** A money game forfeited by leaving it (docs/rules.md M6): who left, and the points it scored. */
  readonly left: { readonly by: Colour; readonly points: number } | null;
  readonly turns: readonly TurnRecord[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface GameBuilt extends Mutable<Omit<GameRecord, 'turns'>> {
  readonly turns: {
    readonly number: number;
    readonly player: Colour;
    readonly position: Position;
    items: TurnItem[];
  }[];
}
type TurnBuilt = GameBuilt['turns'][number];

/**
 * Every game of the match with its turns, from `initial` (the match's start)
 * and its events in order. Throws IllegalEventError if the events are not a
 * legal history from `initial`.
 */
export function gamesAndTurns(initial: MatchState, events: Iterable<MatchEvent>): GameRecord[] {
  const games: GameBuilt[] = [];
  foldEvents(initial, events, (step) => record(games, step));
  return games;
}

/** What one event adds to the games. */
function record(games: GameBuilt[], { before, event, after }: FoldStep): void {
  /** The game under way, begun by this event if it is its first. */
  const current = (): GameBuilt => {
    const last = games[games.length - 1];
    if (last !== undefined && last.number === after.game.number) return last;
    const started: GameBuilt = {
      number: after.game.number,
      score: before.progress.score,
      starter: null,
      winner: null,
      result: null,
      endedBy: null,
      points: 0,
      cubeValue: after.game.cube.value,
      left: null,
      turns: [],
    };
    games.push(started);
    return started;
  };
  /** The turn of `player` going on (nothing thrown in it yet), or a new one starting from the position as it stands. */
  const turnOf = (game: GameBuilt, player: Colour): TurnBuilt => {
    const last = game.turns[game.turns.length - 1];
    if (last !== undefined && last.player === player && last.items.every((item) => item.kind !== 'throw')) return last;
    const turn: TurnBuilt = { number: game.turns.length + 1, player, position: positionFor(after, player), items: [] };
    game.turns.push(turn);
    // Without an opening throw (the next game's starter named by the rules), the first turn's player started.
    game.starter ??= player;
    return turn;
  };
  /** The last turn of the last game: where an answer goes. */
  const lastTurn = (game: GameBuilt = games[games.length - 1] ?? current()): TurnBuilt | undefined =>
    game.turns[game.turns.length - 1];
  /** The `wins` of an event that ended the game. */
  const wins = (turn: TurnBuilt): void => {
    if (after.phase.kind === 'game-over') {
      turn.items.push({ kind: 'wins', winner: after.phase.outcome.winner, points: after.phase.outcome.points });
    }
  };

  switch (event.type) {
    case 'opening-roll': {
      const game = current();
      if (event.white === event.black) break; // a tie is thrown again (or doubles the cube in money play)
      const starter: Colour = event.white > event.black ? 'white' : 'black';
      game.starter = starter;
      const dice: Dice = starter === 'white' ? [event.white, event.black] : [event.black, event.white];
      turnOf(game, starter).items.push({ kind: 'throw', by: starter, dice, passed: after.phase.kind !== 'play' });
      break;
    }
    case 'roll':
      turnOf(current(), event.by).items.push({
        kind: 'throw',
        by: event.by,
        dice: event.dice,
        passed: after.phase.kind !== 'play',
      });
      break;
    case 'play': {
      const turn = lastTurn(current());
      if (turn === undefined) break;
      turn.items.push({
        kind: 'play',
        by: event.by,
        moves: event.moves,
        // Stored plays may list their steps in any legal order; gnubg writes the canonical one.
        canonicalMoves: canonicalMoves(before, event.by, event.moves) ?? event.moves,
        before: positionFor(before, event.by),
      });
      wins(turn);
      break;
    }
    case 'double':
    case 'beaver': {
      const turn = event.type === 'double' ? turnOf(current(), event.by) : lastTurn();
      if (turn === undefined || after.phase.kind !== 'cube-response') break;
      turn.items.push({ kind: event.type, by: event.by, cubeValue: after.phase.offer.value });
      break;
    }
    case 'take':
    case 'drop': {
      // The answer to the double of the game's last turn: a take raises the cube to the value offered,
      // a drop leaves it as it was (the game is scored at the value before the double).
      const turn = lastTurn();
      if (turn === undefined) break;
      turn.items.push({ kind: event.type, by: event.by, cubeValue: after.game.cube.value });
      wins(turn);
      break;
    }
    case 'resign': {
      // A resignation is offered in the resigning player's turn, before or after the throw.
      const game = current();
      const last = lastTurn(game);
      const turn = last !== undefined && last.player === event.by ? last : turnOf(game, event.by);
      turn.items.push({ kind: 'resign', by: event.by, value: event.value });
      break;
    }
    case 'resignation-accept':
    case 'resignation-reject': {
      const turn = lastTurn();
      if (turn === undefined) break;
      turn.items.push({ kind: 'resignation-answer', by: event.by, accepted: event.type === 'resignation-accept' });
      wins(turn);
      break;
    }
    case 'leave': {
      // A money game left while under way is forfeited for the most it can be worth (M6).
      const game = games[games.length - 1];
      if (after.phase.kind === 'game-over' && game?.number === before.game.number) {
        game.left = { by: event.by, points: after.phase.outcome.points };
      }
      break;
    }
    case 'game-end': {
      const game = games.find((g) => g.number === event.gameNumber);
      if (game === undefined) break;
      const { outcome } = event;
      game.winner = outcome.winner;
      game.result = outcome.kind;
      game.endedBy = outcome.reason;
      game.points = outcome.points;
      game.cubeValue = outcome.cubeValue;
      break;
    }
    case 'match-end': {
      const game = games[games.length - 1];
      if (game !== undefined && game.endedBy === null && event.reason !== 'points') {
        game.winner = event.winner;
        game.endedBy = event.reason;
      }
      break;
    }
    default:
      break;
  }
  const open = games[games.length - 1];
  if (open !== undefined && open.endedBy === null && open.number === after.game.number) {
    open.cubeValue = after.game.cube.value;
  }
}
