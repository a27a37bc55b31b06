import type { BotDecision, MatchState, Move } from '../../engine/index.js';
import { decisionFromAnswer } from './gnubg-answer.js';
import { GnubgError } from './gnubg.errors.js';
import { OPENING_3_1, fold, position, seated, withBoard } from './testing/gnubg-states.js';

/** White to play 3-1 from the starting position (white won the opening throw 3-1). */
const opening = fold(seated(0), { type: 'opening-roll', white: 3, black: 1 });

/** The moves of `decision`, sorted, to compare plays whatever their order. */
function movesOf(decision: BotDecision): Move[] {
  if (decision.kind !== 'play') throw new Error(`not a play: ${decision.kind}`);
  return [...decision.moves].sort((a, b) => b.from - a.from || b.to - a.to);
}

function rejects(state: MatchState, question: Parameters<typeof decisionFromAnswer>[2], answer: string): GnubgError {
  try {
    decisionFromAnswer(state, 'white', question, answer);
  } catch (error) {
    expect(error).toBeInstanceOf(GnubgError);
    expect((error as GnubgError).failure).toBe('bad-answer');
    return error as GnubgError;
  }
  throw new Error(`${JSON.stringify(answer)} was read as a decision`);
}

describe("gnubg's answers read as decisions", () => {
  it("reads gnubg's plain move text (single steps, a trailing space) as the legal play it names", () => {
    expect(movesOf(decisionFromAnswer(opening, 'white', 'play', '8/5 6/5 '))).toEqual([
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
  });

  it('takes the steps of one checker in any order (24/21 21/20 and 21/20 24/21 name the same play)', () => {
    const expected = [
      { from: 24, to: 21 },
      { from: 21, to: 20 },
    ];
    expect(movesOf(decisionFromAnswer(opening, 'white', 'play', '24/21 21/20'))).toEqual(expected);
    expect(movesOf(decisionFromAnswer(opening, 'white', 'play', '21/20 24/21'))).toEqual(expected);
    expect(movesOf(decisionFromAnswer(opening, 'white', 'play', '24/20'))).toEqual(expected);
  });

  it.each([
    // [what, white's checkers, black's checkers (own numbering), dice, answers, the play]
    [
      'entering from the bar as 25 or bar, hitting',
      { 25: 1, 6: 14 },
      { 3: 1, 24: 14 },
      [3, 1],
      ['25/22* 6/5', 'bar/22* 6/5'],
      [
        [25, 22],
        [6, 5],
      ],
    ],
    [
      'bearing off as 0 or off',
      { 6: 1, 1: 14 },
      { 13: 15 },
      [6, 1],
      ['6/0 1/0', '6/off 1/off'],
      [
        [6, 0],
        [1, 0],
      ],
    ],
    [
      'a hit marked with *',
      { 13: 2, 6: 13 },
      { 18: 1, 24: 14 },
      [6, 5],
      ['13/7* 13/8', '13/7 13/8'],
      [
        [13, 8],
        [13, 7],
      ],
    ],
    [
      'a repeat count',
      { 8: 2, 6: 13 },
      { 24: 15 },
      [4, 4],
      ['8/4(2) 6/2(2)', '8/4 8/4 6/2 6/2'],
      [
        [8, 4],
        [8, 4],
        [6, 2],
        [6, 2],
      ],
    ],
  ] as const)('reads %s', (_, white, black, dice, answers, play) => {
    const state = withBoard(opening, 'white', position(white, black), dice);
    for (const answer of answers) {
      expect(movesOf(decisionFromAnswer(state, 'white', 'play', answer))).toEqual(
        play.map(([from, to]) => ({ from, to })),
      );
    }
  });

  it('refuses what is not a legal play of the roll, and what is no play at all', () => {
    for (const answer of ['24/18 13/11', '8/5', '', 'hello', '6/2 6/5', 'Error: badly formed board']) {
      expect(rejects(opening, 'play', answer).message).toContain(JSON.stringify(answer));
    }
  });

  it('reads roll or double, take, drop or beaver, accept or reject; anything else is refused', () => {
    const doubled = fold(seated(0), ...OPENING_3_1);
    expect(decisionFromAnswer(doubled, 'black', 'double', 'double')).toEqual({ kind: 'double' });
    expect(decisionFromAnswer(doubled, 'black', 'double', 'roll\n')).toEqual({ kind: 'roll' });
    const offered = fold(doubled, { type: 'double', by: 'black' });
    expect(decisionFromAnswer(offered, 'white', 'take', 'take')).toEqual({ kind: 'take' });
    expect(decisionFromAnswer(offered, 'white', 'take', 'drop')).toEqual({ kind: 'drop' });
    const resigned = fold(opening, { type: 'resign', by: 'black', value: 1 });
    expect(decisionFromAnswer(resigned, 'white', 'resignation', 'accept')).toEqual({ kind: 'accept-resignation' });
    expect(decisionFromAnswer(resigned, 'white', 'resignation', 'reject')).toEqual({ kind: 'reject-resignation' });
    rejects(offered, 'take', 'roll');
    rejects(doubled, 'double', 'take');
    rejects(resigned, 'resignation', 'Error: syntax error');
  });

  it('reads a beaver as a beaver where the match allows one, and as a take where it does not', () => {
    const doubled = (s: MatchState) => fold(s, ...OPENING_3_1, { type: 'double', by: 'black' });
    expect(decisionFromAnswer(doubled(seated(0, { beavers: true })), 'white', 'take', 'beaver')).toEqual({
      kind: 'beaver',
    });
    expect(decisionFromAnswer(doubled(seated(0)), 'white', 'take', 'beaver')).toEqual({ kind: 'take' });
  });
});
