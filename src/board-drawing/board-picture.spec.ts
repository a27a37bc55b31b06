import {
  apply,
  decodePositionId,
  initialPosition,
  newMatch,
  recordsDue,
  type MatchEvent,
  type MatchState,
  type NewMatchOptions,
} from '../engine/index.js';
import { matchPicture, positionPicture } from './board-picture.js';

/** The state after `events`, each of which must be accepted (and the records they make due, after each). */
function stateAfter(options: NewMatchOptions, events: readonly MatchEvent[]): MatchState {
  let state = newMatch(options);
  for (const event of events) {
    const result = apply(state, event);
    if (!result.ok) throw new Error(`${event.type}: ${result.message}`);
    state = result.state;
    for (const record of recordsDue(state)) {
      const recorded = apply(state, record);
      if (!recorded.ok) throw new Error(`${record.type}: ${recorded.message}`);
      state = recorded.state;
    }
  }
  return state;
}

const SEATED: readonly MatchEvent[] = [
  { type: 'join', colour: 'white' },
  { type: 'join', colour: 'black' },
];
/** White wins the opening roll with 3-1 and must play it. */
const OPENED: readonly MatchEvent[] = [...SEATED, { type: 'opening-roll', white: 3, black: 1 }];

describe('positionPicture', () => {
  const start = decodePositionId('4HPwATDgc/ABMA');

  it('draws the side to move as white, seen from its side unless asked otherwise', () => {
    const picture = positionPicture('backgammon', start);
    expect(picture).toMatchObject({
      variant: 'backgammon',
      perspective: 'white',
      board: { white: start.player, black: start.opponent },
      pips: { white: 167, black: 167 },
      onTurn: 'white',
      dice: null,
      cube: null,
      score: null,
      matchLength: null,
    });
    expect(positionPicture('backgammon', start, 'opponent').perspective).toBe('black');
  });

  it('counts each side’s pips from its own numbering', () => {
    const picture = positionPicture('long-nardy', initialPosition('long-nardy'));
    expect(picture.pips).toEqual({ white: 360, black: 360 });
  });
});

describe('matchPicture', () => {
  const match = { variant: 'backgammon', length: 5 } as const;

  it('shows the dice to play, who must play them, the centred cube, the score and the length', () => {
    const picture = matchPicture(stateAfter(match, OPENED), 'black', { white: 'alice', black: 'bob' });
    expect(picture).toMatchObject({
      variant: 'backgammon',
      perspective: 'black',
      dice: { values: [3, 1], player: 'white' },
      cube: { value: 1, owner: null, offer: null },
      score: { white: 0, black: 0 },
      matchLength: 5,
      crawford: false,
      onTurn: 'white',
      names: { white: 'alice', black: 'bob' },
    });
  });

  it('shows the board after a play, and no dice while the next player is to roll', () => {
    const played = stateAfter(match, [
      ...OPENED,
      {
        type: 'play',
        by: 'white',
        moves: [
          { from: 8, to: 5 },
          { from: 6, to: 5 },
        ],
      },
    ]);
    const picture = matchPicture(played, 'white');
    expect(picture.board.white.points.slice(0, 8)).toEqual([0, 0, 0, 0, 2, 4, 0, 2]);
    expect(picture.board.black).toEqual(initialPosition('backgammon').opponent);
    expect(picture.dice).toBeNull();
    expect(picture.onTurn).toBe('black');
    expect(picture.pips).toEqual({ white: 163, black: 167 });
  });

  it('shows a double waiting for an answer, and the cube on the taker’s side once taken', () => {
    const played: MatchEvent = {
      type: 'play',
      by: 'white',
      moves: [
        { from: 8, to: 5 },
        { from: 6, to: 5 },
      ],
    };
    const doubled = stateAfter(match, [...OPENED, played, { type: 'double', by: 'black' }]);
    expect(matchPicture(doubled, 'white').cube).toEqual({ value: 1, owner: null, offer: { by: 'black', value: 2 } });
    expect(matchPicture(doubled, 'white').onTurn).toBe('white');
    const taken = stateAfter(match, [
      ...OPENED,
      played,
      { type: 'double', by: 'black' },
      { type: 'take', by: 'white' },
    ]);
    expect(matchPicture(taken, 'white').cube).toEqual({ value: 2, owner: 'white', offer: null });
  });

  it('leaves the cube out when the rules do, and in the Crawford game', () => {
    expect(matchPicture(stateAfter({ ...match, rules: { cube: false } }, OPENED), 'white').cube).toBeNull();
    // A 2-point match: white resigns a single, black reaches 1 = N - 1, and the next game is the Crawford game.
    const crawford = stateAfter({ variant: 'backgammon', length: 2 }, [
      ...OPENED,
      { type: 'resign', by: 'white', value: 1 },
      { type: 'resignation-accept', by: 'black' },
    ]);
    const picture = matchPicture(crawford, 'white');
    expect(picture).toMatchObject({ crawford: true, cube: null, score: { white: 0, black: 1 }, matchLength: 2 });
  });

  it('names only the colours seated by then, so that a past picture stays the same', () => {
    const names = { white: 'alice', black: 'bob' };
    const invited = stateAfter(match, [{ type: 'join', colour: 'white' }]);
    expect(matchPicture(invited, 'white', names).names).toEqual({ white: 'alice', black: undefined });
    expect(matchPicture(stateAfter(match, SEATED), 'white', names).names).toEqual(names);
  });

  it('draws long nardy with both heads full and the cube the match uses', () => {
    const picture = matchPicture(stateAfter({ variant: 'long-nardy', length: 3 }, SEATED), 'white');
    expect(picture.board.white.points[23]).toBe(15);
    expect(picture.board.black.points[23]).toBe(15);
    expect(picture.cube).toEqual({ value: 1, owner: null, offer: null });
    expect(picture.dice).toBeNull();
  });
});
