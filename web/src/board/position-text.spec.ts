import { pictureOfMatch } from './match-picture.js';
import { positionText } from './position-text.js';

/** The starting position, each side in its own numbering (docs/rules.md, "Numbering"). */
const START = { points: [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], bar: 0, off: 0 };
const NARDY = { points: [...Array<number>(23).fill(0), 15], bar: 0, off: 0 };

function picture(variant: 'backgammon' | 'long-nardy', perspective: 'white' | 'black', white = START, black = START) {
  return pictureOfMatch(
    {
      variant,
      you: perspective,
      game: {
        board: { white, black },
        dice: null,
        cube: { value: 1, owner: null },
        pips: { white: 0, black: 0 },
        number: 1,
      },
      turn: { player: null, awaiting: null, deadline: null },
      players: { white: null, black: null },
      score: { white: 0, black: 0 },
      length: 3,
      crawford: false,
      rules: { cube: true },
    } as unknown as Parameters<typeof pictureOfMatch>[0],
    perspective,
  );
}

describe('positionText', () => {
  it("reads a backgammon start from white's side: the opponent's points in the viewer's numbering (25 - q)", () => {
    expect(positionText(picture('backgammon', 'white'), 'white')).toBe(
      "White (you): 2 on 24, 5 on 13, 3 on 8, 5 on 6. Black: 5 on 19, 3 on 17, 5 on 12, 2 on 1. Points are numbered from white's side.",
    );
  });

  it("reads long nardy from black: the heads on the viewer's 24 and, for the other side, its 24 + 12 = the viewer's 12", () => {
    expect(positionText(picture('long-nardy', 'black', NARDY, NARDY), null)).toBe(
      "Black: 15 on 24. White: 15 on 12. Points are numbered from black's side.",
    );
  });

  it('names the bar and the checkers borne off', () => {
    const white = { points: [...START.points.slice(0, 23), 1], bar: 1, off: 0 };
    const black = { points: [2, ...Array<number>(23).fill(0)], bar: 0, off: 13 };
    expect(positionText(picture('backgammon', 'white', white, black), 'white')).toBe(
      "White (you): 1 on 24, 5 on 13, 3 on 8, 5 on 6, 1 on the bar. Black: 2 on 24, 13 off. Points are numbered from white's side.",
    );
  });
});
