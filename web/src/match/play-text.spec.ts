import type { Play } from '../../../src/engine/index.js';
import { playFromText } from './play-text.js';
import { engineTurns, turnOf, type EngineTurn } from './testing/engine-turns.js';

// The legal plays and their texts are the engine's (src/engine/legal-plays.ts and move-text.ts, which agree
// with GNU Backgammon 1.07's plays and its FormatMove).

const START = { 24: 2, 13: 5, 8: 3, 6: 5 };

function read(turn: EngineTurn, text: string): string {
  const found = playFromText<Play>(text, turn);
  return 'play' in found ? found.play.text : `error: ${found.error}`;
}

describe('playFromText finds the play whatever way it is written', () => {
  const sixFive = turnOf('backgammon', START, START, [6, 5]);

  it.each(['24/13', '24/18/13', '24/18 18/13', '18/13 24/18', ' 24/13 ', '24/13*'])(
    'reads %p with 6-5 as the engine play 24/13 (one checker, both dice)',
    (text) => {
      expect(read(sixFive, text)).toBe('24/13');
    },
  );

  // Each row: what it proves, the turn (white to move), and texts with the engine play each must find.
  const blotOn18 = { 24: 2, 13: 5, 8: 3, 7: 1, 5: 4 }; // black's blot on black's 7 = white's 18; white's 19 open
  it.each([
    {
      proves: 'the moves of a play in any order, separated by spaces or commas',
      turn: turnOf('backgammon', START, START, [6, 2]),
      texts: { '13/11 24/18': '24/18 13/11', '24/18,13/11': '24/18 13/11' },
    },
    {
      proves: 'repeat counts and hit marks of a double, and the same without the * (black blot on white 4)',
      turn: turnOf('backgammon', START, { 24: 1, 21: 1, 13: 5, 8: 3, 6: 5 }, [4, 4]),
      texts: {
        '8/4*(2) 6/2(2)': '8/4*(2) 6/2(2)',
        '6/2(2) 8/4(2)': '8/4*(2) 6/2(2)',
        '8/4* 8/4 6/2 6/2': '8/4*(2) 6/2(2)',
      },
    },
    {
      proves: 'the bar as bar or 25',
      turn: turnOf('backgammon', { 24: 1, 13: 5, 8: 3, 6: 5 }, START, [3, 1], { white: 1 }),
      texts: { 'bar/22 24/23': 'bar/22 24/23', '25/22 24/23': 'bar/22 24/23', 'BAR/21': 'bar/21' },
    },
    {
      proves: 'bearing off as off or 0',
      turn: turnOf('backgammon', { 6: 3, 5: 2, 4: 1 }, { 1: 15 }, [6, 5]),
      texts: { '6/off 5/off': '6/off 5/off', '5/0 6/0': '6/off 5/off' },
    },
    {
      proves: 'hits where the moves land: 24/13 passes the blot on 18, 24/18*/13 and 24/18/13 hit it',
      turn: turnOf('backgammon', START, blotOn18, [6, 5]),
      texts: { '24/13': '24/13', '24/18*/13': '24/18*/13', '24/18/13': '24/18*/13', '13/8 24/18': '24/18* 13/8' },
    },
    {
      proves: "a one-checker move through the only open way, hitting (black's 6 = white's 19 made)",
      turn: turnOf('backgammon', START, { 24: 2, 13: 4, 8: 3, 7: 1, 6: 5 }, [6, 5]),
      texts: { '24/13': '24/18*/13' },
    },
    {
      proves: 'long nardy text in its own numbering (from the head)',
      turn: turnOf('long-nardy', { 24: 15 }, { 24: 15 }, [6, 5]),
      texts: { '24/13': '24/13', '24/18 18/13': '24/13' },
    },
  ])('reads $proves', ({ turn, texts }) => {
    for (const [text, play] of Object.entries(texts)) expect(read(turn, text)).toBe(play);
  });

  it.each(['backgammon', 'long-nardy'] as const)(
    'finds every legal play of random %s games from its own text and from its moves written in reverse',
    (variant) => {
      let checked = 0;
      for (const turn of engineTurns(variant, [21, 22])) {
        for (const play of turn.plays) {
          expect(read(turn, play.text)).toBe(play.text);
          const reversed = [...play.moves]
            .reverse()
            .map((m) => `${m.from}/${m.to}`)
            .join(' ');
          expect(read(turn, reversed)).toBe(play.text);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(300);
    },
  );
});

describe('playFromText explains what it cannot take', () => {
  const sixFive = turnOf('backgammon', START, START, [6, 5]);

  it('asks for a play when the text is empty', () => {
    expect(read(sixFive, '  ')).toBe('error: Type the play, for example 24/18 13/11.');
  });

  // The reasons are the engine's (validatePlay), word for word what the server answers to the same text.
  it("gives the parser's reason for text it cannot read", () => {
    expect(read(sixFive, 'hello')).toBe('error: "hello": "hello" is not a move like 24/18.');
    expect(read(sixFive, '13/18')).toMatch(/^error: "13\/18": .*does not move toward point 1/);
  });

  it('names the point without a checker', () => {
    expect(read(sixFive, '7/1 24/19')).toBe('error: "7/1 24/19": 7/1: you have no checker on point 7.');
    expect(read(sixFive, 'bar/20')).toBe('error: "bar/20": bar/20: you have no checker on the bar.');
  });

  it('says why a readable play is not legal: a distance no die makes, dice left unplayed, a closed point', () => {
    expect(read(sixFive, '24/20 13/6')).toBe(
      'error: "24/20 13/6": 24/20 is 4 pips; it does not match the dice left of 6-5.',
    );
    expect(read(sixFive, '24/18')).toBe('error: "24/18": both dice of 6-5 can be played, so both must be.');
    expect(read(sixFive, '24/19 13/7')).toMatch(
      /^error: "24\/19 13\/7": 24\/19: point 19 is held by two or more opposing checkers/,
    );
  });

  it('reads a one-checker move that must hit on the way as the server does, and takes the hit point when written', () => {
    // Blots on 18 and 19: every way from 24 to 13 hits; `24/13` is read with the 6 first, as gnubg tries the dice.
    const turn = turnOf('backgammon', START, { 24: 2, 13: 4, 8: 3, 7: 1, 6: 1, 5: 4 }, [6, 5]);
    expect(read(turn, '24/13')).toBe('24/18*/13');
    expect(read(turn, '24/19*/13')).toBe('24/19*/13');
  });

  it('says the turn passes when there is no legal play', () => {
    const closed = turnOf('backgammon', { 13: 14 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1 }, [6, 5], { white: 1 });
    expect(read(closed, 'bar/20')).toBe('error: There is no legal play with this roll: the turn passes.');
  });

  it('refuses the bar in long nardy, which has none', () => {
    const turn = turnOf('long-nardy', { 24: 15 }, { 24: 15 }, [6, 5]);
    expect(read(turn, 'bar/20')).toBe('error: "bar/20": bar/20: long nardy has no bar.');
  });
});
