import { initialPosition, makePosition, sideFromCounts } from './board.js';
import { isRace, pubevalBoard, pubevalPlay, pubevalScore, PUBEVAL_ALL_OFF } from './pubeval.js';
import { playSeries, type PlayChooser } from './testing/engine-game.js';
import { randomPlayer } from './testing/random-player.js';

/**
 * The expected scores were printed (%.9g) by Tesauro's pubeval.c itself,
 * compiled with cc (x86-64, -O0 and -O2 alike) with a small driver that
 * filled `pos[]` by hand for the three boards below (C's float arithmetic,
 * which pubevalScore reproduces; hence exact equality after Math.fround).
 */
const START = initialPosition('backgammon');
// Contact: the mover has 4 off; the opponent has 2 on the bar and blots on the mover's 1 and 17.
const CONTACT = makePosition(
  sideFromCounts({ 24: 1, 13: 2, 8: 1, 6: 4, 5: 3 }),
  sideFromCounts({ 24: 1, 13: 3, 8: 1, 6: 6, 3: 2 }, 2),
);
// A race: 5 off against 9 off.
const RACE = makePosition(sideFromCounts({ 6: 3, 5: 2, 3: 4, 1: 1 }), sideFromCounts({ 6: 2, 4: 3, 2: 1 }));

describe('pubevalScore', () => {
  it.each([
    ['the starting position', START, 6.84055042, 9.93902969],
    ['a contact position with checkers off, on the bar and blots', CONTACT, 15.0285387, 12.9918966],
    ['a race', RACE, 7.52021122, 5.58799839],
  ])('scores %s as pubeval.c does', (_name, position, contact, race) => {
    expect(pubevalScore(position, false)).toBe(Math.fround(contact));
    expect(pubevalScore(position, true)).toBe(Math.fround(race));
  });

  it('lays the board out as pubeval.c’s pos[] from the mover’s side', () => {
    expect(Array.from(pubevalBoard(CONTACT))).toEqual([
      -2, -1, 0, 0, 0, 3, 4, 0, 1, 0, 0, 0, -3, 2, 0, 0, 0, -1, 0, -6, 0, 0, -2, 0, 1, 0, 4, 0,
    ]);
  });

  it('gives a board with all 15 off the best possible score', () => {
    const done = makePosition(sideFromCounts({}), sideFromCounts({ 6: 2 }));
    expect(pubevalScore(done, true)).toBe(PUBEVAL_ALL_OFF);
  });
});

describe('isRace', () => {
  it('is false while the sides can still meet, true once they have passed', () => {
    expect(isRace(START)).toBe(false);
    expect(isRace(CONTACT)).toBe(false);
    expect(isRace(RACE)).toBe(true);
    // The mover's rearmost on its 5 has still to pass the opponent's on its 21 (the mover's 4).
    const touching = makePosition(sideFromCounts({ 5: 15 }), sideFromCounts({ 21: 15 }));
    expect(isRace(touching)).toBe(false);
    // The mover's on its 4 has passed the opponent's on its 20 (the mover's 5).
    const passed = makePosition(sideFromCounts({ 4: 15 }), sideFromCounts({ 20: 15 }));
    expect(isRace(passed)).toBe(true);
  });
});

describe('pubevalPlay', () => {
  it('plays the opening 3-1 by making its 5-point', () => {
    expect(pubevalPlay(START, [3, 1])?.text).toBe('8/5 6/5');
  });

  it('returns null when the roll cannot be played', () => {
    const shut = makePosition(sideFromCounts({ 6: 14 }, 1), sideFromCounts({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3 }));
    expect(pubevalPlay(shut, [6, 6])).toBeNull();
  });

  it('beats the random player in at least 90% of 200 one-point games', () => {
    let decisions = 0;
    let ms = 0;
    const timed: PlayChooser = (position, dice) => {
      const started = performance.now();
      const play = pubevalPlay(position, dice);
      ms += performance.now() - started;
      decisions++;
      return play;
    };
    const { wins } = playSeries([timed, randomPlayer(7)], 200, 20_261_124);
    process.stdout.write(
      `pubeval won ${wins[0]} of 200 against random; ${decisions} decisions, ${((1000 * ms) / decisions).toFixed(0)} µs each\n`,
    );
    expect(wins[0]).toBeGreaterThanOrEqual(180);
  });
});
