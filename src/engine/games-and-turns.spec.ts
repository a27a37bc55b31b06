import type { MatchEvent } from './events.js';
import {
  apply,
  encodePositionId,
  gamesAndTurns,
  IllegalEventError,
  initialPosition,
  newMatch,
  recordsDue,
  type GameRecord,
  type MatchState,
  type NewMatchOptions,
  type TurnItem,
} from './index.js';
import { playRandomMatch } from './testing/random-match.js';

/** The events of a match that both players joined, then `events`, with the records the server appends after each. */
function history(options: NewMatchOptions, events: readonly MatchEvent[]): MatchEvent[] {
  let state: MatchState = newMatch(options);
  const log: MatchEvent[] = [];
  const add = (event: MatchEvent): void => {
    const result = apply(state, event);
    if (!result.ok) throw new Error(`${event.type}: ${result.reason} (${result.message})`);
    state = result.state;
    log.push(event);
  };
  for (const event of [{ type: 'join', colour: 'white' }, { type: 'join', colour: 'black' }, ...events] as const) {
    add(event);
    for (const record of recordsDue(state)) add(record);
  }
  return log;
}

const games = (options: NewMatchOptions, events: readonly MatchEvent[]): GameRecord[] =>
  gamesAndTurns(newMatch(options), history(options, events));

/** White's 3-1 in the opening, played 8/5 6/5. */
const MOVES_31 = [
  { from: 8, to: 5 },
  { from: 6, to: 5 },
];
const OPENING_31: MatchEvent[] = [
  { type: 'opening-roll', white: 3, black: 1 },
  { type: 'play', by: 'white', moves: MOVES_31 },
];

describe('gamesAndTurns', () => {
  it('makes the opening throw and its play the starter’s first turn, from the starting position', () => {
    const [game, ...more] = games({ variant: 'backgammon', length: 3 }, OPENING_31);
    expect(more).toEqual([]);
    expect(game).toMatchObject({
      number: 1,
      score: { white: 0, black: 0 },
      starter: 'white',
      winner: null,
      result: null,
      endedBy: null,
      points: 0,
      cubeValue: 1,
      left: null,
    });
    expect(game.turns).toHaveLength(1);
    const [turn] = game.turns;
    expect(turn).toMatchObject({ number: 1, player: 'white', position: initialPosition('backgammon') });
    // The starting position's gnubg Position ID, as GNU Backgammon 1.07 shows it (src/matches/view/match-games.spec.ts).
    expect(encodePositionId(turn.position)).toBe('4HPwATDgc/ABMA');
    expect(turn.items).toEqual<TurnItem[]>([
      { kind: 'throw', by: 'white', dice: [3, 1], passed: false },
      {
        kind: 'play',
        by: 'white',
        moves: MOVES_31,
        canonicalMoves: MOVES_31,
        before: initialPosition('backgammon'),
      },
    ]);
  });

  it('gives the opening throw the starter’s die first, and leaves a tie out of every turn', () => {
    const [game] = games({ variant: 'backgammon', length: 3 }, [
      { type: 'opening-roll', white: 2, black: 2 },
      { type: 'opening-roll', white: 1, black: 4 },
    ]);
    expect(game.starter).toBe('black');
    expect(game.turns.map((turn) => turn.items)).toEqual([
      [{ kind: 'throw', by: 'black', dice: [4, 1], passed: false }],
    ]);
  });

  it('puts a double in the doubler’s turn with its answer, and ends the game on a drop with its `wins`', () => {
    const [game] = games({ variant: 'backgammon', length: 3 }, [
      ...OPENING_31,
      { type: 'double', by: 'black' },
      { type: 'take', by: 'white' },
      { type: 'roll', by: 'black', dice: [6, 5] },
      {
        type: 'play',
        by: 'black',
        moves: [
          { from: 24, to: 18 },
          { from: 18, to: 13 },
        ],
      },
      { type: 'double', by: 'white' },
      { type: 'drop', by: 'black' },
    ]);
    expect(game.turns.map((turn) => turn.player)).toEqual(['white', 'black', 'white']);
    expect(game.turns[1].items.map((item) => item.kind)).toEqual(['double', 'take', 'throw', 'play']);
    expect(game.turns[1].items.slice(0, 2)).toEqual([
      { kind: 'double', by: 'black', cubeValue: 2 },
      { kind: 'take', by: 'white', cubeValue: 2 },
    ]);
    // The redouble offers 4; the drop leaves the cube at 2, where the game is scored.
    expect(game.turns[2].items).toEqual([
      { kind: 'double', by: 'white', cubeValue: 4 },
      { kind: 'drop', by: 'black', cubeValue: 2 },
      { kind: 'wins', winner: 'white', points: 2 },
    ]);
    expect(game).toMatchObject({ winner: 'white', result: 'single', endedBy: 'drop', points: 2, cubeValue: 2 });
  });

  it('gives a beaver the value it offers and its take the value taken', () => {
    const [game] = games({ variant: 'backgammon', length: 0, rules: { beavers: true } }, [
      ...OPENING_31,
      { type: 'double', by: 'black' },
      { type: 'beaver', by: 'white' },
      { type: 'take', by: 'black' },
    ]);
    expect(game.turns[1].items).toEqual([
      { kind: 'double', by: 'black', cubeValue: 2 },
      { kind: 'beaver', by: 'white', cubeValue: 4 },
      { kind: 'take', by: 'black', cubeValue: 4 },
    ]);
    expect(game.cubeValue).toBe(4);
  });

  it('keeps a resignation offered after the throw, its answer and its `wins` in the turn, and counts the score before the next game', () => {
    const [first, second] = games({ variant: 'long-nardy', length: 5 }, [
      { type: 'opening-roll', white: 5, black: 2 },
      { type: 'resign', by: 'white', value: 1 },
      { type: 'resignation-reject', by: 'black' },
      { type: 'resign', by: 'white', value: 2 },
      { type: 'resignation-accept', by: 'black' },
      { type: 'roll', by: 'black', dice: [3, 1] },
    ]);
    expect(first.turns).toHaveLength(1);
    expect(first.turns[0].items).toEqual([
      { kind: 'throw', by: 'white', dice: [5, 2], passed: false },
      { kind: 'resign', by: 'white', value: 1 },
      { kind: 'resignation-answer', by: 'black', accepted: false },
      { kind: 'resign', by: 'white', value: 2 },
      { kind: 'resignation-answer', by: 'black', accepted: true },
      { kind: 'wins', winner: 'black', points: 2 },
    ]);
    expect(first).toMatchObject({ winner: 'black', result: 'mars', endedBy: 'resignation', points: 2 });
    // Long nardy: the winner starts the next game (nextGameStarter 'winner'), without an opening throw.
    expect(second).toMatchObject({ number: 2, score: { white: 0, black: 2 }, starter: 'black', endedBy: null });
    expect(second.turns[0].items).toEqual([{ kind: 'throw', by: 'black', dice: [3, 1], passed: false }]);
  });

  it('marks a money game forfeited by leaving it with who left and what it scored', () => {
    const [game] = games({ variant: 'backgammon', length: 0 }, [...OPENING_31, { type: 'leave', by: 'black' }]);
    expect(game).toMatchObject({ winner: 'white', endedBy: 'leave', left: { by: 'black', points: game.points } });
    expect(game.points).toBeGreaterThan(0);
    expect(game.turns.flatMap((turn) => turn.items).map((item) => item.kind)).toEqual(['throw', 'play']);
  });

  it('names the match’s end in the game it ended, and throws IllegalEventError on a log that is not a legal history', () => {
    const [game] = games({ variant: 'backgammon', length: 3 }, [...OPENING_31, { type: 'timeout', by: 'white' }]);
    expect(game).toMatchObject({ winner: 'white', result: null, endedBy: 'timeout' });
    const bad = [...history({ variant: 'backgammon', length: 3 }, OPENING_31), OPENING_31[1]];
    expect(() => gamesAndTurns(newMatch({ variant: 'backgammon', length: 3 }), bad)).toThrow(IllegalEventError);
  });

  it.each(['backgammon', 'long-nardy'] as const)(
    'holds every throw, play and cube action of random %s matches, in the order of the log',
    (variant) => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const played = playRandomMatch({ variant, length: 0, rules: { jacoby: true } }, seed, { maxGames: 4 });
        const items = gamesAndTurns(newMatch(played.options), played.events).flatMap((game) =>
          game.turns.flatMap((turn) => turn.items),
        );
        const acts = played.events.flatMap((event): string[] => {
          if (event.type === 'opening-roll') return event.white === event.black ? [] : ['throw'];
          if (event.type === 'roll') return ['throw'];
          if (['play', 'double', 'beaver', 'take', 'drop', 'resign'].includes(event.type)) return [event.type];
          return event.type === 'resignation-accept' || event.type === 'resignation-reject'
            ? ['resignation-answer']
            : [];
        });
        expect(items.map((item) => item.kind).filter((kind) => kind !== 'wins')).toEqual(acts);
      }
    },
  );
});
