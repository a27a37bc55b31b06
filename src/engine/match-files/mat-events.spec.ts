/**
 * readMat / matToEvents: .mat files replayed into the engine's events, every
 * record judged by `apply`. The gnubg-made files are test/fixtures/*.mat
 * (gnubg 1.07 playing itself); the results expected of them are the ones
 * gnubg 1.07 itself reads from the same files (scripts/gnubg/mat-check.py:
 * each game's winner and points, the final score).
 */
import { readFileSync } from 'node:fs';
import { apply, newMatch } from '../apply.js';
import { playRandomMatch } from '../testing/random-match.js';
import { MatImportError, matToEvents, readMat } from './mat-events.js';
import { parseMat, type MatAction, type MatDocument } from '../notation/mat-parse.js';
import { writeMat } from './mat.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url), 'utf8');

const FIVE = fixture('gnubg-5-point-match.mat');

/** The file with line `n` (1-based) replaced. */
function withLine(text: string, n: number, line: string): string {
  const lines = text.split('\n');
  lines[n - 1] = line;
  return lines.join('\n');
}

function refusal(text: string): Pick<MatImportError, 'reason' | 'game' | 'turn' | 'line' | 'message'> {
  try {
    readMat(text);
  } catch (err) {
    if (!(err instanceof MatImportError)) throw err;
    const { reason, game, turn, line, message } = err;
    return { reason, game, turn, line, message };
  }
  throw new Error('the file was read');
}

const results = (text: string) =>
  readMat(text).state.games.map((g) => [g.winner, g.points, g.reason === 'resignation'] as const);

describe('readMat', () => {
  it('replays gnubg-made files into finished matches with the results gnubg 1.07 reads from them', () => {
    expect(results(FIVE)).toEqual([
      ['black', 1, false],
      ['white', 2, true],
      ['white', 1, false],
      ['black', 1, false],
      ['black', 2, true],
      ['black', 1, true],
    ]);
    const five = readMat(FIVE);
    expect(five).toMatchObject({ variant: 'backgammon', length: 5, players: { white: 'alpha', black: 'beta' } });
    expect(five.state.status).toBe('finished');
    expect(five.state.progress.score).toEqual({ white: 3, black: 5 });
    const redoubles = readMat(fixture('gnubg-5-point-match-redoubles.mat'));
    expect(redoubles.state.games.map((g) => [g.winner, g.points, g.reason, g.cubeValue])).toEqual([
      ['white', 2, 'drop', 2],
      ['white', 2, 'drop', 2],
      ['white', 1, 'bear-off', 1],
    ]);
    expect(redoubles.state.progress.score).toEqual({ white: 5, black: 0 });
  });

  it('makes the log a match played here has: seats, opening rolls, canonical plays with boards, records', () => {
    const { events, state } = readMat(FIVE);
    expect(events.slice(0, 2)).toEqual([
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
    ]);
    // "  1)                             63: 24/18 18/15": black opens with the 6 (white's die is the 3).
    expect(events[2]).toEqual({ type: 'opening-roll', white: 3, black: 6 });
    expect(events[3]).toMatchObject({
      type: 'play',
      by: 'black',
      moves: [
        { from: 24, to: 18 },
        { from: 18, to: 15 },
      ],
    });
    expect(events.filter((e) => e.type === 'game-end')).toHaveLength(6);
    expect(events[events.length - 1]).toEqual({
      type: 'match-end',
      winner: 'black',
      reason: 'points',
      score: { white: 3, black: 5 },
    });
    expect(events.every((e) => e.type !== 'play' || e.board !== undefined)).toBe(true);
    // The log replays to the same state from scratch.
    const replayed = events.reduce(
      (s, e) => {
        const r = apply(s, e);
        if (!r.ok) throw new Error(r.message);
        return r.state;
      },
      newMatch({ variant: 'backgammon', length: 5 }),
    );
    expect(replayed.progress).toEqual(state.progress);
    expect(replayed.eventCount).toBe(events.length);
  });

  it.each([
    [
      'a play that leaves a die unused',
      9,
      '  2) 65: 24/18                   11: 15/14 14/13 6/5 6/5',
      'must-use-both-dice',
      1,
      2,
    ],
    [
      'a play of another distance',
      9,
      '  2) 65: 24/18 13/7              11: 15/14 14/13 6/5 6/5',
      'wrong-distance',
      1,
      2,
    ],
    ['a play where none is legal', 17, ' 10) 43: 13/9 13/10              61: 15/14 14/8 ', 'no-legal-play', 1, 10],
    ['unreadable move text', 10, '  3) 62: 24/22 22/x               21: 8/7 13/11 ', 'bad-notation', 1, 3],
    ['a roll out of turn', 8, '  1) 63: 24/18 18/15', 'not-your-turn', 1, 2],
    ['a wrong cube value', 18, ' 11) 52: 25/23 6/1                Doubles => 4', 'cube-mismatch', 1, 11],
    [
      'a result the game does not give',
      19,
      ' 12)  Drops                       Wins 2 points ',
      'result-mismatch',
      1,
      12,
    ],
    ['a score line the games do not give', 22, ' alpha : 1                      beta : 1', 'score-mismatch', 2, null],
  ])('refuses %s, naming the game, the turn, the line and the reason', (_, n, line, reason, game, turn) => {
    const refused = refusal(withLine(FIVE, n, line));
    expect(refused).toMatchObject({ reason, game, turn });
    expect(refused.message).toMatch(new RegExp(`^Game ${game}, ${turn === null ? '' : `move ${turn}, `}line \\d+: `));
  });

  it('refuses an opening double, moves after the end of a game, and a roll without its play among several', () => {
    expect(refusal(withLine(FIVE, 8, '  1)                             33: 24/21 24/21 13/10 13/10'))).toMatchObject({
      reason: 'bad-dice',
      game: 1,
      turn: 1,
      line: 8,
    });
    expect(refusal(withLine(FIVE, 20, ' 13) 31: 8/5 6/5'))).toMatchObject({
      reason: 'after-game-end',
      game: 1,
      turn: 13,
    });
    expect(refusal(withLine(FIVE, 9, '  2) 65:                         11: 15/14 14/13 6/5 6/5'))).toMatchObject({
      reason: 'no-play',
      game: 1,
      turn: 2,
      line: 9,
    });
  });

  it('refuses a file that ends before the match is won, or in the middle of a game, and one with no game', () => {
    const lines = FIVE.split('\n');
    const game6 = lines.findIndex((l) => l === ' Game 6');
    expect(refusal(lines.slice(0, game6).join('\n'))).toMatchObject({ reason: 'match-unfinished', game: 5 });
    expect(refusal(lines.slice(0, game6 + 6).join('\n'))).toMatchObject({ reason: 'game-unfinished', game: 6 });
    expect(refusal(' 5 point match\n')).toMatchObject({ reason: 'no-games', game: null });
    expect(refusal('hello')).toMatchObject({ reason: 'not-a-match-file', line: null });
    expect(refusal(`; [Crawford "maybe"]\n${FIVE}`)).toMatchObject({ reason: 'bad-header' });
  });

  it('reads a roll shown alone before a result as the roller resigning', () => {
    const text = [
      ' 1 point match',
      ' Game 1',
      ' alice : 0                      bob : 0',
      '  1) 31: 8/5 6/5                 64: ',
      '      Wins 1 point',
    ].join('\n');
    const events = readMat(text).events.filter((e) => e.type !== 'join');
    expect(events.map((e) => e.type)).toEqual([
      'opening-roll',
      'play',
      'roll',
      'resign',
      'resignation-accept',
      'game-end',
      'match-end',
    ]);
    expect(events[3]).toEqual({ type: 'resign', by: 'black', value: 1 });
  });

  it('reads a roll written without its play as the forced play when there is one only (as gnubg does), else refuses it', () => {
    const document = parseMat(FIVE);
    const expected = matToEvents(document).state.games;
    let forced = 0;
    let refused = 0;
    document.games.forEach((game, g) =>
      game.actions.forEach((action, a) => {
        if (action.kind !== 'roll' || action.play === '') return;
        const blanked: MatAction = { ...action, play: '' };
        const games = document.games.map((other, k) =>
          k === g ? { ...other, actions: other.actions.map((x, j) => (j === a ? blanked : x)) } : other,
        );
        const edited: MatDocument = { ...document, games };
        try {
          // The same results; a forced play right before a resignation may then be left unplayed.
          expect(matToEvents(edited).state.games).toEqual(expected);
          forced++;
        } catch (err) {
          expect(err).toMatchObject({ reason: 'no-play', game: game.number, turn: action.turn, line: action.line });
          refused++;
        }
      }),
    );
    expect(forced).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(forced);
  });

  it('reads the rules from the header tags: Crawford, cube limit, cube, and the long-nardy ones', () => {
    const header = '; [Crawford "Off"]\n; [CubeLimit "8"]\n';
    expect(readMat(header + FIVE).rules).toMatchObject({ crawford: false, cubeLimit: 8, cube: true });
    const played = playRandomMatch(
      { variant: 'long-nardy', length: 3, rules: { koks: false, nextGameStarter: 'opening-roll' } },
      11,
      {
        maxEvents: 3000,
        timeouts: false,
      },
    );
    const text = writeMat({ ...played.options, players: { white: 'w', black: 'b' }, events: played.events });
    expect(text).toContain('; Variant: long-nardy\n');
    expect(readMat(text).rules).toMatchObject({ koks: false, nextGameStarter: 'opening-roll' });
  });

  it('ends a money session with a leave between games, and reads the Jacoby rule off results only it explains', () => {
    const winnersAndPoints = (games: readonly { winner: string; points: number }[]) =>
      games.map((g) => `${g.winner} ${g.points}`);
    let inferred = 0;
    // Random sessions with the Jacoby rule where it counted a gammon as a single.
    for (const seed of [111, 118, 159, 163, 222]) {
      const played = playRandomMatch({ variant: 'backgammon', length: 0, rules: { jacoby: true } }, seed, {
        maxEvents: 3000,
        timeouts: false,
      });
      // As gnubg writes money sessions: without a Jacoby tag.
      const text = writeMat({ ...played.options, players: { white: 'w', black: 'b' }, events: played.events }).replace(
        '; [Jacoby "On"]\n',
        '',
      );
      const read = readMat(text);
      const final = played.states[played.states.length - 1];
      expect(winnersAndPoints(read.state.games)).toEqual(winnersAndPoints(final.games));
      expect(read.events.at(-2)).toEqual({ type: 'leave', by: 'white' });
      expect(read.state.status).toBe('finished');
      if (read.rules.jacoby) inferred++;
    }
    expect(inferred).toBeGreaterThan(0);
  });
});
