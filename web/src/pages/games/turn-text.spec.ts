import type { Schemas } from '../../api/client.js';
import { cubeText, diceText, gameResultText, playText, resignationText } from './turn-text.js';

const names = { white: 'alice', black: 'bob' } as const;

const game = (changes: Partial<Schemas['GameRecordDto']>): Schemas['GameRecordDto'] => ({
  number: 1,
  starter: 'white',
  winner: null,
  result: null,
  endedBy: null,
  points: 0,
  cubeValue: 1,
  turns: 12,
  ...changes,
});

describe('turn text', () => {
  it('writes the dice with a dash, and nothing for a turn without a throw', () => {
    expect(diceText([3, 1])).toBe('3-1');
    expect(diceText([6, 6])).toBe('6-6');
    expect(diceText(null)).toBe('');
  });

  it('keeps the server’s gnubg play text, naming a throw without a legal play', () => {
    expect(playText('8/5 6/5')).toBe('8/5 6/5');
    expect(playText('')).toBe('No legal play');
    expect(playText(null)).toBe('');
  });

  it('tells the cube actions with who took them and the cube value after a double', () => {
    expect(
      cubeText(
        [
          { action: 'double', by: 'white', cubeValue: 2 },
          { action: 'take', by: 'black', cubeValue: 2 },
        ],
        names,
      ),
    ).toBe('alice doubles to 2, bob takes');
    expect(cubeText([{ action: 'beaver', by: 'black', cubeValue: 4 }], names)).toBe('bob beavers to 4');
  });

  it('names what a resignation offers in the variant’s own words', () => {
    expect(resignationText({ by: 'black', value: 2, accepted: true }, names, 'backgammon')).toBe(
      'bob resigns a gammon: accepted',
    );
    expect(resignationText({ by: 'white', value: 3, accepted: null }, names, 'long-nardy')).toBe(
      'alice resigns a koks: unanswered',
    );
  });

  it('tells who won a game, how many points, what kind of win and how it ended', () => {
    expect(gameResultText(game({ winner: 'black', points: 4, result: 'gammon', endedBy: 'bear-off' }), names)).toBe(
      'bob wins 4 points (gammon) by bearing off',
    );
    expect(gameResultText(game({ winner: 'white', points: 1, result: 'single', endedBy: 'drop' }), names)).toBe(
      'alice wins 1 point (single game) by a dropped double',
    );
    expect(gameResultText(game({}), names)).toBe('Under way');
    expect(gameResultText(game({ endedBy: 'timeout' }), names)).toBe('Ended by timeout');
  });
});
