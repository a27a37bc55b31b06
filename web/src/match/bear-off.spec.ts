import { oneSensibleBearOff } from './bear-off.js';
import { turnOf } from './testing/engine-turns.js';

// The legal plays are the engine's (src/engine/legal-plays.ts, which agrees with GNU Backgammon 1.07 play for
// play); black waits on its own 1 point, out of white's way.

function offered(turn: ReturnType<typeof turnOf>): string | null {
  return oneSensibleBearOff(turn.plays, turn.board, turn.player)?.text ?? null;
}

describe('oneSensibleBearOff', () => {
  it('offers the play bearing off the most checkers when it is the only one (6-5: 6/off 5/off, not 6/1 6/off)', () => {
    const turn = turnOf('backgammon', { 6: 3, 5: 2, 4: 1 }, { 1: 15 }, [6, 5]);
    expect(turn.plays.map((p) => p.text)).toEqual(['6/1 6/off', '6/off 5/off']);
    expect(offered(turn)).toBe('6/off 5/off');
  });

  it('offers all four checkers off with a double (2-2: 2/off(4))', () => {
    expect(offered(turnOf('backgammon', { 2: 4, 1: 1 }, { 1: 15 }, [2, 2]))).toBe('2/off(4)');
  });

  it('offers a checker taken off with both dice when no play takes off more (4-1: 5/off)', () => {
    const turn = turnOf('backgammon', { 6: 1, 5: 1, 3: 1 }, { 1: 15 }, [4, 1]);
    expect(turn.plays.map((p) => p.text)).toContain('5/off');
    expect(offered(turn)).toBe('5/off');
  });

  it('offers nothing when the die left after bearing off can be played in several ways (6-1: 6/5 6/off, 6/off 3/2, 6/off 2/1)', () => {
    expect(offered(turnOf('backgammon', { 6: 2, 3: 1, 2: 1 }, { 1: 15 }, [6, 1]))).toBeNull();
  });

  it('offers nothing when the checker still outside home can come in in several ways (6-5: 7/1 5/off, 7/2 5/off)', () => {
    expect(offered(turnOf('backgammon', { 7: 1, 5: 1 }, { 1: 15 }, [6, 5]))).toBeNull();
  });

  it('offers nothing when no legal play bears off', () => {
    const turn = turnOf('backgammon', { 13: 1, 6: 14 }, { 1: 15 }, [2, 1]);
    expect(turn.plays.length).toBeGreaterThan(0);
    expect(offered(turn)).toBeNull();
    expect(oneSensibleBearOff([], turn.board, 'white')).toBeNull();
  });

  it('applies the same rule to long nardy (6-5: 6/off 5/off)', () => {
    expect(offered(turnOf('long-nardy', { 6: 3, 5: 2, 4: 1 }, { 24: 15 }, [6, 5]))).toBe('6/off 5/off');
    expect(offered(turnOf('long-nardy', { 6: 2, 3: 1, 2: 1 }, { 24: 15 }, [6, 1]))).toBeNull();
  });

  it('counts the checkers already off: it compares with the board before the play', () => {
    const turn = turnOf('backgammon', { 2: 1, 1: 1 }, { 1: 15 }, [2, 1]);
    expect(turn.board.white.off).toBe(13);
    expect(offered(turn)).toBe('2/off 1/off');
  });
});
