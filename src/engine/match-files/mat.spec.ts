/**
 * writeMat. The reference is GNU Backgammon 1.07. The expected texts of the
 * gnubg-made matches are gnubg's own `export match mat` of them
 * (test/fixtures/*.gnubg-export.mat); the texts this writer is expected to
 * write are files too (test/fixtures/mat-writer/), as gnubg reads them.
 * Each backgammon one was imported into gnubg 1.07 by
 * scripts/gnubg/mat-check.py, which found every record read (no warning,
 * every play legal, the same results) and gnubg's export of it identical,
 * except where a test says how it differs. Long
 * nardy, which gnubg does not play, has the same layout and is checked by
 * reading it back. */
import { readFileSync } from 'node:fs';
import { apply, applyCommand, newMatch } from '../apply.js';
import { MAX_CUBE } from '../cube.js';
import type { MatchEvent } from '../events.js';
import type { MatchState, NewMatchOptions } from '../match-state.js';
import { playRandomMatch } from '../testing/random-match.js';
import { playEventFor } from '../transitions/plays.js';
import { recordsDue } from '../transitions/records.js';
import type { Colour, Die, Move } from '../types.js';
import { readMat } from './mat-events.js';
import { writeMat } from './mat.js';

export function fixture(name: string): string {
  return readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url), 'utf8');
}

/** The text from the ` N point match` line on (the header is each writer's own). */
export function fromMatchLine(text: string): string {
  return text.slice(text.search(/^ \d+ point match$/m));
}

/** A match built event by event, with the records the server appends. */
class MatchScript {
  state: MatchState;
  readonly events: MatchEvent[] = [];

  constructor(readonly options: NewMatchOptions) {
    this.state = newMatch(options);
    this.add({ type: 'join', colour: 'white' }).add({ type: 'join', colour: 'black' });
  }

  add(event: MatchEvent): this {
    const result = apply(this.state, event);
    if (!result.ok) throw new Error(`${event.type}: ${result.reason} (${result.message})`);
    this.state = result.state;
    this.events.push(event);
    for (const record of recordsDue(this.state)) {
      const result = apply(this.state, record);
      if (!result.ok) throw new Error(`${record.type}: ${result.reason}`);
      this.state = result.state;
      this.events.push(record);
    }
    return this;
  }

  opening(white: Die, black: Die): this {
    return this.add({ type: 'opening-roll', white, black });
  }

  roll(by: Colour, a: Die, b: Die): this {
    return this.add({ type: 'roll', by, dice: [a, b] });
  }

  /** A play by its text, or else the first legal one; stored as the server stores it. */
  play(by: Colour, text?: string): this {
    const { phase } = this.state;
    if (phase.kind !== 'play') throw new Error(`no play is due (${phase.kind})`);
    const made = playEventFor(this.state, by, text ?? phase.plays[0].moves);
    if (!made.ok) throw new Error(made.message);
    return this.add(made.event);
  }

  act(type: 'double' | 'take' | 'drop' | 'beaver' | 'resignation-accept' | 'leave', by: Colour): this {
    return this.add({ type, by });
  }

  resign(by: Colour, value: 1 | 2 | 3): this {
    return this.add({ type: 'resign', by, value });
  }

  text(players = { white: 'alice', black: 'bob' }): string {
    return writeMat({ ...this.options, players, events: this.events });
  }
}

describe('writeMat', () => {
  it.each(['gnubg-5-point-match', 'gnubg-5-point-match-redoubles'])(
    'lays out %s.mat, once read, exactly as gnubg 1.07 exports the same match',
    (name) => {
      const read = readMat(fixture(`${name}.mat`));
      const text = writeMat({ ...read, players: read.players, events: read.events });
      expect(fromMatchLine(text)).toBe(fromMatchLine(fixture(`${name}.gnubg-export.mat`)));
    },
  );

  it('writes the header tags gnubg reads, the match length and each game with its score line', () => {
    const script = new MatchScript({ variant: 'backgammon', length: 1 })
      .opening(3, 1)
      .play('white', '8/5 6/5')
      .roll('black', 6, 4)
      .resign('black', 1)
      .act('resignation-accept', 'white');
    const text = writeMat({
      ...script.options,
      players: { white: 'alice', black: 'bob' },
      events: script.events,
      id: 'c0ffee00-0000-4000-8000-000000000001',
      date: new Date('2026-03-04T05:06:07Z'),
    });
    expect(text).toBe(fixture('mat-writer/header-tags.mat'));
  });

  it('starts a game black opens with "  1)" and an empty left column; a roll before a resignation shows its dice alone', () => {
    const text = new MatchScript({ variant: 'backgammon', length: 1 })
      .opening(1, 3)
      .play('black', '8/5 6/5')
      .roll('white', 5, 2)
      .resign('white', 2)
      .act('resignation-accept', 'black')
      .text();
    expect(fromMatchLine(text)).toBe(fixture('mat-writer/black-opens.mat'));
  });

  it('puts the result of a resignation by the player who did not roll on the next line, where gnubg reads it', () => {
    // gnubg 1.07 reads this text as written (white wins 1, then black 2). Its own export of the same
    // records appends the result to the roll ("  2) 52:       Wins 1 point", "64:  Wins 2 points"),
    // which it then cannot read back: those two lines are where this writer departs from gnubg's.
    const text = new MatchScript({ variant: 'backgammon', length: 3 })
      .opening(1, 3)
      .play('black', '8/5 6/5')
      .roll('white', 5, 2)
      .resign('black', 1)
      .act('resignation-accept', 'white')
      .opening(3, 1)
      .play('white', '8/5 6/5')
      .roll('black', 6, 4)
      .resign('white', 2)
      .act('resignation-accept', 'black')
      .text();
    expect(fromMatchLine(text)).toBe(fixture('mat-writer/resignation-next-line.mat'));
  });

  it('writes each step of a play in gnubg order whatever order it was stored in, and marks a hit point once', () => {
    const script = new MatchScript({ variant: 'backgammon', length: 1 }).opening(6, 2).play('white', '24/18 13/11');
    // Black's 66 hits white's blot on black's 7 with the first checker landing there; stored in another order.
    script.roll('black', 6, 6);
    const moves: Move[] = [
      { from: 8, to: 2 },
      { from: 13, to: 7 },
      { from: 8, to: 2 },
      { from: 13, to: 7 },
    ];
    script.add({ type: 'play', by: 'black', moves }).roll('white', 6, 3).play('white', 'bar/22 13/7');
    const lines = fromMatchLine(script.text()).split('\n');
    expect(lines.slice(4, 6)).toEqual([
      '  1) 62: 24/18 13/11             66: 13/7* 13/7 8/2 8/2',
      '  2) 63: 25/22 13/7              ',
    ]);
  });

  it('writes doubles, takes and drops with the value the cube goes to and the points the drop loses', () => {
    const text = new MatchScript({ variant: 'backgammon', length: 5 })
      .opening(4, 2)
      .play('white', '8/4 6/4')
      .act('double', 'black')
      .act('take', 'white')
      .roll('black', 3, 1)
      .play('black', '8/5 6/5')
      .act('double', 'white')
      .act('drop', 'black')
      .text();
    expect(fromMatchLine(text)).toBe(fixture('mat-writer/doubles-takes-drops.mat'));
  });

  it('writes a money session with its own tags, and a beaver as "Beavers => 4" whose take the next roll implies', () => {
    const text = new MatchScript({ variant: 'backgammon', length: 0, rules: { beavers: true } })
      .opening(4, 2)
      .play('white', '8/4 6/4')
      .act('double', 'black')
      .act('beaver', 'white')
      .act('take', 'black')
      .roll('black', 3, 1)
      .play('black', '8/5 6/5')
      .resign('white', 1)
      .act('resignation-accept', 'black')
      .text();
    expect(text).toBe(fixture('mat-writer/money-session-beaver.mat'));
  });

  it('writes a money game forfeited by leaving (M6) as the leaver resigning what it scored, which reads back', () => {
    const script = new MatchScript({ variant: 'backgammon', length: 0 })
      .opening(4, 2)
      .play('white', '8/4 6/4')
      .roll('black', 3, 1)
      .act('leave', 'black');
    const text = script.text();
    // Black rolled and left: white wins a backgammon, 3 points, written in white's column.
    expect(text).toContain('  1) 42: 8/4 6/4                 31: \n      Wins 3 points\n');
    const read = readMat(text);
    expect(read.state.progress.score).toEqual({ white: 3, black: 0 });
  });

  /** A match to 7 where the player on roll doubles and the other takes at every turn, up to a cube of 4096. */
  function doubledToTheMaximum(): { script: MatchScript; onRoll: Colour; other: Colour } {
    const script = new MatchScript({ variant: 'backgammon', length: 7 }).opening(3, 1).play('white');
    let onRoll: Colour = 'black';
    while (script.state.game.cube.value < MAX_CUBE) {
      const other: Colour = onRoll === 'white' ? 'black' : 'white';
      script.act('double', onRoll).act('take', other).roll(onRoll, 2, 1).play(onRoll);
      onRoll = other;
    }
    return { script, onRoll, other: onRoll === 'white' ? 'black' : 'white' };
  }

  it('writes a match whose cube reached the highest cube (M1), "Doubles => 4096", which reads back', () => {
    const { script, onRoll, other } = doubledToTheMaximum();
    expect(script.state.phase).toMatchObject({ kind: 'roll', player: onRoll, mayDouble: false });
    script.resign(onRoll, 1).act('resignation-accept', other);
    const text = script.text();
    expect(text).toContain('Doubles => 4096');
    const read = readMat(text);
    expect(read.state.status).toBe('finished');
    expect(read.state.progress).toEqual(script.state.progress);
  });

  it("refuses a file whose cube passes the highest cube, as a player's double past it is (cube-at-maximum)", () => {
    // A log stored before the rule folds past 4096; its file is judged as new commands are.
    const { script, onRoll, other } = doubledToTheMaximum();
    script.act('double', onRoll).act('take', other).resign(other, 1).act('resignation-accept', onRoll);
    const text = script.text();
    expect(text).toContain('Doubles => 8192');
    expect(() => readMat(text)).toThrow(expect.objectContaining({ reason: 'cube-at-maximum' }) as Error);
  });

  it.each(['white', 'black'] as const)(
    'reads back a money game %s left while a double waited for its answer (M6)',
    (leaver) => {
      const script = new MatchScript({ variant: 'backgammon', length: 0 })
        .opening(4, 2)
        .play('white', '8/4 6/4')
        .act('double', 'black')
        .act('leave', leaver);
      const read = readMat(script.text());
      expect(read.state.status).toBe('finished');
      expect(read.state.progress).toEqual(script.state.progress);
      expect(read.state.games.map((g) => [g.winner, g.points, g.reason])).toEqual([
        [leaver === 'white' ? 'black' : 'white', 3, 'leave'],
      ]);
    },
  );

  it('writes the automatic doubles of a game (M4) on a line after its score line, and reads them back as ties', () => {
    const script = new MatchScript({ variant: 'backgammon', length: 0, rules: { automaticDoubles: 2, jacoby: true } })
      .opening(2, 2)
      .opening(5, 5)
      .opening(4, 4)
      .opening(3, 1)
      .play('white')
      .resign('black', 2)
      .act('resignation-accept', 'white')
      .opening(6, 1)
      .play('white')
      .act('leave', 'black');
    const text = script.text();
    expect(text).toContain('; [AutomaticDoubles "2"]\n');
    expect(text).toContain(' Game 1\n alice : 0                      bob : 0\n; [Automatic doubles "2"]\n  1) 31:');
    expect(text).not.toContain('; [Automatic doubles "0"]');
    const read = readMat(text);
    expect(read.state.progress).toEqual(script.state.progress);
    const results = (games: typeof read.state.games) => games.map((g) => [g.winner, g.points, g.cubeValue]);
    expect(results(read.state.games)).toEqual([
      ['white', 4, 4],
      ['white', 1, 1],
    ]);
    expect(results(read.state.games)).toEqual(results(script.state.games));
    // More automatic doubles than the header's option allows is refused.
    expect(() => readMat(text.replace('; [AutomaticDoubles "2"]', '; [AutomaticDoubles "1"]'))).toThrow(
      expect.objectContaining({ reason: 'bad-automatic-doubles', game: 1 }) as Error,
    );
  });

  it('writes a money session whose cube reached the highest cube (M1) and whose score passed 9999, which reads back', () => {
    const script = new MatchScript({ variant: 'backgammon', length: 0, rules: { beavers: true } })
      .opening(3, 1)
      .play('white');
    // Double and beaver at every chance: the cube goes 4, 16, ..., 1024, then 2048 beavered to 4096.
    let onRoll: Colour = 'black';
    while (script.state.game.cube.value < MAX_CUBE) {
      const other: Colour = onRoll === 'white' ? 'black' : 'white';
      script.act('double', onRoll).act('beaver', other).act('take', onRoll).roll(onRoll, 2, 1).play(onRoll);
      onRoll = other;
    }
    expect(script.state.game.cube).toMatchObject({ value: MAX_CUBE, owner: onRoll });
    expect(script.state.phase).toMatchObject({ kind: 'roll', player: onRoll, mayDouble: false });
    expect(applyCommand(script.state, { type: 'double', by: onRoll })).toMatchObject({
      ok: false,
      reason: 'cube-at-maximum',
    });
    script.resign(onRoll, 3).act('resignation-accept', onRoll === 'white' ? 'black' : 'white');
    script.opening(3, 1).act('leave', 'white');
    const text = script.text();
    expect(text).toContain('Doubles => 2048');
    expect(text).toContain('Beavers => 4096');
    expect(text).toContain(`Wins ${3 * MAX_CUBE} points`);
    const read = readMat(text);
    expect(read.state.progress).toEqual(script.state.progress);
    // The game left (M6) reads back as the resignation it is written as.
    const results = (games: typeof read.state.games) => games.map((g) => [g.winner, g.points, g.cubeValue]);
    expect(results(read.state.games)).toEqual(results(script.state.games));
    expect(Math.max(read.state.progress.score.white, read.state.progress.score.black)).toBe(3 * MAX_CUBE);
  });

  it('writes a match under way up to where it stands, a roll not yet played as its dice', () => {
    // gnubg writes the same but for the last newline, which it leaves out.
    const text = new MatchScript({ variant: 'backgammon', length: 3 })
      .opening(5, 2)
      .play('white', '13/8 13/11')
      .roll('black', 4, 4)
      .text();
    expect(fromMatchLine(text)).toBe(fixture('mat-writer/match-under-way.mat'));
  });

  it('writes long nardy in the same layout, with "; Variant: long-nardy", its own rules and no hit marks', () => {
    // Game 2 is started by the winner of game 1 (N3), here black, who doubles before rolling.
    const script = new MatchScript({ variant: 'long-nardy', length: 3, rules: { koks: false } })
      .opening(5, 3)
      .play('white', '24/16')
      .roll('black', 6, 6)
      .play('black')
      .roll('white', 2, 1)
      .play('white')
      .act('double', 'black')
      .act('drop', 'white')
      .act('double', 'black');
    expect(script.state.phase.kind).toBe('cube-response');
    const text = script.text();
    expect(text).toBe(fixture('mat-writer/long-nardy.mat'));
  });

  it.each([
    ['backgammon', 1, {}],
    ['backgammon', 3, {}],
    ['backgammon', 5, { crawford: false }],
    ['backgammon', 0, { jacoby: true, beavers: true }],
    ['long-nardy', 1, {}],
    ['long-nardy', 3, { koks: false }],
    ['long-nardy', 0, { nextGameStarter: 'opening-roll' }],
  ] as const)(
    'reads back random %s matches to %i %j as the same games, positions and score',
    (variant, length, rules) => {
      let checked = 0;
      for (let seed = 1; checked < 6 && seed < 200; seed++) {
        const played = playRandomMatch({ variant, length, rules }, seed * 7919, { maxEvents: 3000, timeouts: false });
        const final = played.states[played.states.length - 1];
        if (final.status !== 'finished') continue;
        const text = writeMat({ ...played.options, players: { white: 'w', black: 'b' }, events: played.events });
        const read = readMat(text);
        expect(read.state.games).toEqual(final.games);
        expect(read.state.progress).toEqual(final.progress);
        expect(boardsAfterPlays(read.events, played.options)).toEqual(boardsAfterPlays(played.events, played.options));
        checked++;
      }
      expect(checked).toBe(6);
    },
  );
});

/** The board after each play of a history. */
function boardsAfterPlays(events: readonly MatchEvent[], options: NewMatchOptions): unknown[] {
  let state = newMatch(options);
  const boards: unknown[] = [];
  for (const event of events) {
    const result = apply(state, event);
    if (!result.ok) throw new Error(result.message);
    state = result.state;
    if (event.type === 'play') boards.push(state.game.board);
  }
  return boards;
}
