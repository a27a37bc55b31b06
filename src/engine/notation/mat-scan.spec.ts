/**
 * The .mat reader on hostile text: an import is untrusted, and a pattern that
 * backtracks lets one 3 KB line hold the process for seconds (a comment line of
 * 1,500 blanks, a letter and 1,500 blanks took 3.5 s before these scanners).
 * Work is measured as the characters the reader visits, never as time: each
 * adversarial line of 1 MiB must be read with work proportional to its size,
 * and every pattern the reader still runs must be free of backtracking.
 */
import { isSafe } from 'redos-detector';
import { MatImportError, readMat } from '../match-files/mat-events.js';
import { MatSyntaxError, parseMat, READING_PATTERNS } from './mat-parse.js';
import { readScoreLine, readTag, UNCOUNTED, type ReadingWork } from './mat-scan.js';

const MiB = 1 << 20;
/** Characters visited per character of text: a constant, whatever the text. */
const WORK_PER_CHARACTER = 8;

/** `piece` again and again, for 1 MiB shared by `parts` such runs. */
const run = (piece: string, parts = 1): string => {
  const length = Math.floor(MiB / parts);
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
};
const header = ' 3 point match\n\n Game 1\n';
const game = (...lines: string[]): string => [header, ' a : 0   b : 0', ...lines].join('\n');

/** Adversarial files, each about 1 MiB, by where the hostile line stands. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['a tag of blanks, a letter and blanks', `; [${run(' ', 2)}a${run(' ', 2)}\n${header}`],
  ['a tag of tabs around a quote', `; [${run('\t', 3)}x${run('\t', 3)}"${run('\t', 3)}\n${header}`],
  ['a tag of brackets and quotes', `; ${run('[" ')}\n${header}`],
  ['a comment of letters and colons', `; ${run('Variant: a ')}\n${header}`],
  ['a variant comment with a line separator', `; variant:${run(' ')}\u2028x\n${header}`],
  ['a header line of blanks, digits and blanks', `${run(' ', 2)}1${run(' ', 2)}x\n${header}`],
  ['a header line of "1 point" again and again', `${run('1 point ')}\n${header}`],
  ['a score line of blanks around a name', `${header} a${run(' ', 4)}:${run(' ', 4)}1${run(' ', 4)}b${run(' ', 4)} x`],
  ['a score line of colons and scores', `${header} a${run(' : 1 ')}b : x`],
  ['a score line of colons only', `${header}${run(':')}`],
  ['a score line of tabs and letters', `${header} a\t:\t1\t${run('b\t')}:\t12345`],
  ['a move line of blanks after a roll', game(` 1) 11:${run(' ', 2)}\u2028${run(' ', 2)}x`)],
  ['a move line of record starts', game(` 1) ${run('11: ')}`)],
  ['a move line of colons', game(` 1) ${run(':')}`)],
  ['a move line of words that start records', game(` 1) ${run('Doubles Takes Wins ')}`)],
  ['a move line of letters in brackets', game(` 1) 11: ${run('(a) [b] ')}`)],
  ['a move line of one long play', game(` 1) 11: ${run('24/23 ')}`)],
  ['a file of line breaks', run('\r')],
  ['a game of blank lines', `${header}${run('\n \n')}`],
];

function readWithWork(text: string): ReadingWork {
  const work: ReadingWork = { visited: 0 };
  try {
    parseMat(text, work);
  } catch (err) {
    if (!(err instanceof MatSyntaxError)) throw err;
  }
  return work;
}

describe('reading hostile .mat text', () => {
  it.each(HOSTILE)('reads %s with work proportional to its size', (_name, text) => {
    expect(text.length).toBeGreaterThanOrEqual(MiB - 64);
    const work = readWithWork(text);
    expect(work.visited).toBeGreaterThanOrEqual(text.length);
    expect(work.visited).toBeLessThanOrEqual(WORK_PER_CHARACTER * text.length);
  });

  it('does twice the work, not four times, on a score line twice as long', () => {
    const line = (parts: number): string =>
      `${header} a${run(' ', parts)}:${run(' ', parts)}1${run(' ', parts)}b${run(' ', parts)} x`;
    const small = readWithWork(line(64)).visited;
    const large = readWithWork(line(32)).visited;
    expect(large / small).toBeLessThan(2.1);
  });

  it('turns a hostile move line into a refusal naming its line, not a hang', () => {
    expect(() => readMat(game(` 1) 11:${run(' ')}\u2028x`))).toThrow(MatImportError);
    expect(() => readMat(game(` 1) 11: ${run('24/23 ')}`))).toThrow(MatImportError);
  });

  it('quotes at most a short piece of a long line in a refusal', () => {
    try {
      parseMat(game(` 1) ${run('x')}`));
      throw new Error('parsed');
    } catch (err) {
      expect(err).toBeInstanceOf(MatSyntaxError);
      expect((err as Error).message.length).toBeLessThan(200);
    }
  });

  it.each(READING_PATTERNS.map((pattern) => [pattern.source, pattern] as const))(
    'runs only patterns that cannot backtrack: %s',
    (_source, pattern) => {
      expect(isSafe(pattern)).toEqual(expect.objectContaining({ safe: true }));
    },
  );

  it('would have found the patterns the scanners replace unsafe', () => {
    // The score-line and tag patterns of the reader before the scanners.
    expect(isSafe(/^\s*(\S.*?)\s*:\s*(\d{1,4})\s+(\S.*?)\s*:\s*(\d{1,4})\s*$/).safe).toBe(false);
    expect(isSafe(/^\[\s*([^"\]]+?)\s+"([^"]*)"\s*\]$/).safe).toBe(false);
  });
});

describe('readScoreLine', () => {
  const read = (line: string) => readScoreLine(line, UNCOUNTED());

  it.each([
    [' alpha : 0                        beta : 1', ['alpha', 'beta'], [0, 1]],
    ['alice:12  bob:3', ['alice', 'bob'], [12, 3]],
    [' Bot 2 : 7   Mr. X : 0 ', ['Bot 2', 'Mr. X'], [7, 0]],
    ['a:b : 1   c:d : 2', ['a:b', 'c:d'], [1, 2]],
    ['a : 1 b : 2 c : 3', ['a', 'b : 2 c'], [1, 3]],
    // A money session's scores, up to the largest safe integer (docs/rules.md M4).
    ['alice : 12345   bob : 2147483648', ['alice', 'bob'], [12345, 2 ** 31]],
    ['alice : 9007199254740991   bob : 0', ['alice', 'bob'], [Number.MAX_SAFE_INTEGER, 0]],
  ])('reads %j as the pattern it replaces did', (line, players, score) => {
    expect(read(line)).toEqual({ players, score });
  });

  it.each([
    [''],
    ['alice : 0'],
    ['alice : 0   bob'],
    ['alice : 9007199254740992   bob : 0'],
    ['alice : 0   bob : 9007199254740992'],
    ['alice : 12345678901234567   bob : 0'],
    ['alice : 1bob : 0'],
    [' : 1   bob : 0'],
  ])('refuses %j', (line) => {
    expect(read(line)).toBeNull();
  });
});

describe('readTag', () => {
  const read = (body: string) => readTag(body, UNCOUNTED());

  it.each([
    ['[Event "Club night"]', { key: 'Event', value: 'Club night' }],
    ['[  Player 1   "alice" ]', { key: 'Player 1', value: 'alice' }],
    ['[Jacoby ""]', { key: 'Jacoby', value: '' }],
  ])('reads %j', (body, tag) => {
    expect(read(body)).toEqual(tag);
  });

  it.each([['[Event"x"]'], ['[Ev]ent "x"]'], ['[Event "x" y]'], ['[Event "x"'], ['Event "x"]'], ['[ "x"]']])(
    'refuses %j',
    (body) => {
      expect(read(body)).toBeNull();
    },
  );
});
