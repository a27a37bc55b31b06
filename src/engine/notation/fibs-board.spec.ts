import { initialPosition, makePosition, sideFromCounts } from '../board.js';
import { FIBS_BOARD_NUMBERS, encodeFibsBoard, type FibsBoardFields } from './fibs-board.js';
import { NotationError } from './notation-error.js';

const opening: FibsBoardFields = {
  names: { player: 'You', opponent: 'Opp' },
  matchLength: 0,
  score: { player: 0, opponent: 0 },
  position: initialPosition('backgammon'),
  turn: 'player',
  playerDice: [5, 2],
  opponentDice: null,
  cubeValue: 1,
  playerMayDouble: true,
  opponentMayDouble: true,
  wasDoubled: false,
  canMove: 2,
  didCrawford: false,
  redoubles: 0,
};

/** The numbers of a board line, by their 1-based field number in fibs-board.ts. */
function numbers(line: string): (field: number) => number {
  const parts = line.split(':');
  expect(parts[0]).toBe('board');
  expect(parts).toHaveLength(3 + FIBS_BOARD_NUMBERS);
  return (field) => Number(parts[2 + field]);
}

describe('FIBS board lines', () => {
  it('writes the starting position with "You" to play 5-2 as gnubg documents it (external.h), 50 numbers', () => {
    // gnubg's example places; turn +1 ("You" are O and on turn), "You" can move 2 checkers.
    expect(encodeFibsBoard(opening)).toBe(
      'board:You:Opp:0:0:0:' +
        '0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:' +
        '1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0',
    );
  });

  it('puts "You"\'s bar at place 25, the opponent\'s at place 0 (negative), and counts checkers off and on the bar', () => {
    // "You": 2 on the bar, 3 on its 6-point, 10 off. Opponent: 1 on the bar, 4 on its 1-point (my 24), 10 off.
    const line = encodeFibsBoard({
      ...opening,
      position: makePosition(sideFromCounts({ 6: 3 }, 2), sideFromCounts({ 1: 4 }, 1)),
      playerDice: [6, 6],
      canMove: 4,
    });
    const field = numbers(line);
    expect(field(4)).toBe(-1); // place 0: the opponent's bar
    expect(field(4 + 6)).toBe(3); // place 6: my 6-point
    expect(field(4 + 24)).toBe(-4); // place 24: the opponent's 1-point
    expect(field(4 + 25)).toBe(2); // place 25: my bar
    expect([field(43), field(44), field(45), field(46)]).toEqual([10, 10, 2, 1]);
    expect([field(31), field(32), field(47)]).toEqual([6, 6, 4]);
  });

  it('writes a double to answer: the opponent on turn, was doubled, no dice, the cube before the double', () => {
    const field = numbers(
      encodeFibsBoard({
        ...opening,
        turn: 'opponent',
        playerDice: null,
        cubeValue: 2,
        playerMayDouble: false,
        opponentMayDouble: true,
        wasDoubled: true,
        canMove: 0,
      }),
    );
    expect([field(30), field(31), field(32), field(35), field(36), field(37), field(38)]).toEqual([
      -1, 0, 0, 2, 0, 1, 1,
    ]);
  });

  it('writes the match length, both scores and the two Crawford fields where FIBS has them', () => {
    const field = numbers(
      encodeFibsBoard({
        ...opening,
        matchLength: 7,
        score: { player: 6, opponent: 3 },
        didCrawford: true,
        redoubles: 1,
      }),
    );
    expect([field(1), field(2), field(3), field(49), field(50)]).toEqual([7, 6, 3, 1, 1]);
  });

  it("writes a money session's scores past 99,999, up to the largest int gnubg reads", () => {
    const field = numbers(encodeFibsBoard({ ...opening, score: { player: 122_880, opponent: 2 ** 31 - 1 } }));
    expect([field(1), field(2), field(3)]).toEqual([0, 122_880, 2 ** 31 - 1]);
  });

  it.each([
    ['a name gnubg would split', { names: { player: 'a b', opponent: 'Opp' } }],
    ['a name with a colon', { names: { player: 'You', opponent: 'O:p' } }],
    ['a cube that is not a power of two', { cubeValue: 3 }],
    ['a die of 7', { playerDice: [7, 1] as const }],
    ['a negative score', { score: { player: -1, opponent: 0 } }],
    ['a score past a C int', { score: { player: 2 ** 31, opponent: 0 } }],
    ['five checkers to move', { canMove: 5 }],
  ])('refuses %s (bad-fields)', (_, change) => {
    expect(() => encodeFibsBoard({ ...opening, ...change })).toThrow(
      expect.objectContaining({ code: 'bad-fields' }) as NotationError,
    );
  });

  it('refuses a position with both sides on one point (bad-position)', () => {
    const clash = makePosition(sideFromCounts({ 6: 15 }), sideFromCounts({ 19: 15 }));
    expect(() => encodeFibsBoard({ ...opening, position: clash })).toThrow(
      expect.objectContaining({ code: 'bad-position' }) as NotationError,
    );
  });
});
