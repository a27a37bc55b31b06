/**
 * parseMat: .mat text into games and records, read the way GNU Backgammon
 * 1.07 reads it (its `import mat`). The gnubg-made file is
 * test/fixtures/gnubg-5-point-match.mat (gnubg playing itself); the other
 * texts are written here in the layouts of gnubg and of other programs.
 */
import { readFileSync } from 'node:fs';
import { MatSyntaxError, parseMat, type MatAction } from './mat-parse.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url), 'utf8');

const match = (...lines: string[]): string => [' 3 point match', '', ' Game 1', ' a : 0   b : 0', ...lines].join('\n');

/** The records of a one-game text, without their line numbers. */
function records(...lines: string[]): Array<Omit<MatAction, 'line'>> {
  return parseMat(match(...lines)).games[0].actions.map((action) => {
    const { line: _line, ...rest } = action;
    return rest;
  });
}

function syntaxError(text: string): MatSyntaxError {
  try {
    parseMat(text);
  } catch (err) {
    if (err instanceof MatSyntaxError) return err;
    throw err;
  }
  throw new Error('parsed');
}

describe('parseMat', () => {
  it('reads a gnubg-made file: length, players, score lines and every record with its side, turn and line', () => {
    const document = parseMat(fixture('gnubg-5-point-match.mat'));
    expect(document.length).toBe(5);
    expect(document.variant).toBe('backgammon');
    expect(document.tags.get('eventdate')).toMatch(/^\d{4}\.\d\d\.\d\d$/);
    expect(document.games.map((g) => [g.number, g.players, g.score])).toEqual([
      [1, ['alpha', 'beta'], [0, 0]],
      [2, ['alpha', 'beta'], [0, 1]],
      [3, ['alpha', 'beta'], [2, 1]],
      [4, ['alpha', 'beta'], [3, 1]],
      [5, ['alpha', 'beta'], [3, 2]],
      [6, ['alpha', 'beta'], [3, 4]],
    ]);
    const first = document.games[0];
    expect(first.line).toBe(6);
    expect(first.actions.slice(0, 3)).toEqual([
      { side: 1, turn: 1, line: 8, kind: 'roll', dice: [6, 3], play: '24/18 18/15' },
      { side: 0, turn: 2, line: 9, kind: 'roll', dice: [6, 5], play: '24/18 18/13' },
      { side: 1, turn: 2, line: 9, kind: 'roll', dice: [1, 1], play: '15/14 14/13 6/5 6/5' },
    ]);
    // " 10) 43:                         61: 15/14 14/8 ": no legal play for alpha.
    expect(first.actions[17]).toEqual({ side: 0, turn: 10, line: 17, kind: 'roll', dice: [4, 3], play: '' });
    // " 12)  Drops                       Wins 1 point ": alpha drops, beta wins.
    expect(first.actions.slice(-3)).toEqual([
      { side: 1, turn: 11, line: 18, kind: 'double', value: 2 },
      { side: 0, turn: 12, line: 19, kind: 'drop' },
      { side: 1, turn: 12, line: 19, kind: 'win', points: 1 },
    ]);
    expect(document.games.flatMap((g) => g.actions.filter((a) => a.kind === 'win'))).toHaveLength(6);
  });

  it('splits a line into columns as gnubg does: before a second roll, else at the first two blanks from column 15', () => {
    expect(
      records(
        '  1)                             21: 13/11 24/23 ',
        '  2) 52: 13/8 24/22              63: 8/5 11/5 ',
        '  3) 66:                         22: 15/13 13/11 11/9* 3/1',
        '  4) 54: 25/21                    Doubles => 2',
        '  5)  Takes                      33: 24/21 24/21 13/10 13/10',
        '  6) 33: 24/21 24/21 13/10 13/10 63: 21/18 24/18 ',
        '  7)  Doubles => 8                Drops',
        '      Wins 4 points',
      ),
    ).toEqual([
      { side: 1, turn: 1, kind: 'roll', dice: [2, 1], play: '13/11 24/23' },
      { side: 0, turn: 2, kind: 'roll', dice: [5, 2], play: '13/8 24/22' },
      { side: 1, turn: 2, kind: 'roll', dice: [6, 3], play: '8/5 11/5' },
      { side: 0, turn: 3, kind: 'roll', dice: [6, 6], play: '' },
      { side: 1, turn: 3, kind: 'roll', dice: [2, 2], play: '15/13 13/11 11/9* 3/1' },
      { side: 0, turn: 4, kind: 'roll', dice: [5, 4], play: '25/21' },
      { side: 1, turn: 4, kind: 'double', value: 2 },
      { side: 0, turn: 5, kind: 'take' },
      { side: 1, turn: 5, kind: 'roll', dice: [3, 3], play: '24/21 24/21 13/10 13/10' },
      { side: 0, turn: 6, kind: 'roll', dice: [3, 3], play: '24/21 24/21 13/10 13/10' },
      { side: 1, turn: 6, kind: 'roll', dice: [6, 3], play: '21/18 24/18' },
      { side: 0, turn: 7, kind: 'double', value: 8 },
      { side: 1, turn: 7, kind: 'drop' },
      { side: 0, turn: 7, kind: 'win', points: 4 },
    ]);
  });

  it("places a result in the winner's column, gnubg's layouts after a roll shown alone included", () => {
    expect(records('                                  Wins 6 points')).toEqual([
      { side: 1, turn: 0, kind: 'win', points: 6 },
    ]);
    expect(records(' 14)  Drops                       Wins 1 point ')).toEqual([
      { side: 0, turn: 14, kind: 'drop' },
      { side: 1, turn: 14, kind: 'win', points: 1 },
    ]);
    expect(records('  2) 52:                         Wins 2 points')).toEqual([
      { side: 0, turn: 2, kind: 'roll', dice: [5, 2], play: '' },
      { side: 1, turn: 2, kind: 'win', points: 2 },
    ]);
    // As gnubg 1.07 exports a resignation of the player who did not roll (and cannot read back itself).
    expect(records('  2) 52:       Wins 1 point')).toEqual([
      { side: 0, turn: 2, kind: 'roll', dice: [5, 2], play: '' },
      { side: 0, turn: 2, kind: 'win', points: 1 },
    ]);
    expect(records('  1) 31: 8/5 6/5                 64:  Wins 2 points')).toEqual([
      { side: 0, turn: 1, kind: 'roll', dice: [3, 1], play: '8/5 6/5' },
      { side: 1, turn: 1, kind: 'roll', dice: [6, 4], play: '' },
      { side: 1, turn: 1, kind: 'win', points: 2 },
    ]);
  });

  it("reads other programs' ways: bar and off by name, Cannot Move, XG's ???, Double without a value, a beaver, the match", () => {
    expect(
      records(
        '  1) 43: bar/21* 13/10           65: Cannot Move',
        '  2) 62: 6/off 2/off             11: ???',
        '  3)  Double                      Beavers => 4',
        '  4) 65: 24/13                   Wins 3 points and the match',
      ),
    ).toEqual([
      { side: 0, turn: 1, kind: 'roll', dice: [4, 3], play: 'bar/21* 13/10' },
      { side: 1, turn: 1, kind: 'roll', dice: [6, 5], play: '' },
      { side: 0, turn: 2, kind: 'roll', dice: [6, 2], play: '6/off 2/off' },
      { side: 1, turn: 2, kind: 'roll', dice: [1, 1], play: '' },
      { side: 0, turn: 3, kind: 'double', value: null },
      { side: 1, turn: 3, kind: 'beaver', value: 4 },
      { side: 0, turn: 4, kind: 'roll', dice: [6, 5], play: '24/13' },
      { side: 1, turn: 4, kind: 'win', points: 3 },
    ]);
  });

  it('reads header tags and comments anywhere, CRLF line ends and a byte order mark; skips what precedes the match line', () => {
    const text =
      '\ufeff; [Site "FIBS"]\r\n# [Crawford "Off"]\r\nsome heading\r\n; Variant: Long Nardy\r\n\r\n 7 Point Match\r\n\r\n' +
      ' Game 1\r\n Left Player : 0   Right Player : 6\r\n; a note\r\n  1) 21: 24/22 22/21\r\n';
    const document = parseMat(text);
    expect(document.length).toBe(7);
    expect(document.variant).toBe('long-nardy');
    expect([...document.tags]).toEqual([
      ['site', 'FIBS'],
      ['crawford', 'Off'],
    ]);
    expect(document.games[0].players).toEqual(['Left Player', 'Right Player']);
    expect(document.games[0].score).toEqual([0, 6]);
    expect(document.games[0].actions).toEqual([
      { side: 0, turn: 1, line: 11, kind: 'roll', dice: [2, 1], play: '24/22 22/21' },
    ]);
  });

  it.each([
    ['no match line', '; [Site "x"]\n Game 1\n', 'not-a-match-file', 0],
    ['a bad score line', ' 3 point match\n Game 1\n alice 0 bob 0\n', 'bad-score-line', 3],
    ['a line outside any game', ' 3 point match\n  1) 31: 8/5 6/5\n', 'bad-line', 2],
    ['a line that is not a turn', match('  1) 31: 8/5 6/5', '  2) hello'), 'bad-line', 6],
    ['an unknown word', match('  1) 31: 8/5 6/5                 Redoubles'), 'bad-line', 5],
    ['raccoons', match('  1)  Doubles => 2                Raccoons => 8'), 'bad-line', 5],
    ['an illegal play as Snowie marks it', match('  1) 31: Illegal play (x)'), 'bad-line', 5],
    ['another variation', '; [Variation "NackGammon"]\n 3 point match\n', 'unsupported', 1],
    ['another variant', '; Variant: hypergammon\n 3 point match\n', 'unsupported', 1],
    ['a position set up', match('; Set Pos=xxxxxxxxxxxxxxxxxxxxxxxxxx/00'), 'unsupported', 5],
    [
      'more records than any match has',
      match(...Array<string>(10_001).fill('  1) 31: 8/5 6/5   42: 8/4 6/4')),
      'unsupported',
      3,
    ],
  ])('refuses %s, naming the line and the reason', (_, text, reason, line) => {
    const error = syntaxError(text);
    expect({ reason: error.reason, line: error.line }).toEqual({ reason, line });
  });
});
