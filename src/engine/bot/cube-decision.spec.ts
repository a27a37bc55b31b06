import { acceptResignation, answerDouble, janowski, shouldDouble, type CubeSituation } from './cube-decision.js';
import { matchValue, moneyValue, winChance } from './match-equity.js';
import { POST_CRAWFORD, PRE_CRAWFORD } from './met-kazaross-xg2.js';

/** Gammonless chances: win p, no gammons either way. */
function plain(p: number): Float64Array {
  return Float64Array.from([p, 0, 0, 0, 0]);
}

function money(p: number, more: Partial<CubeSituation> = {}): CubeSituation {
  return {
    outcomes: plain(p),
    value: 1,
    holder: 'centre',
    worth: moneyValue,
    efficiency: 0.68,
    live: () => true,
    gammons: true,
    bgWorth: 3,
    ...more,
  };
}

describe("Janowski's cubeful equity", () => {
  // Gammonless money game (W = L = 1): the live cube's take point is 20% and cash point 80%
  // (Janowski, "Take-points in money games"); the dead cube's equity is 2p - 1.
  it('runs through -1 at the take point and +1 at the cash point with a live centred cube', () => {
    expect(janowski(0.2, 1, 1, 1, 'centre')).toBeCloseTo(-1, 12);
    expect(janowski(0.8, 1, 1, 1, 'centre')).toBeCloseTo(1, 12);
    expect(janowski(0.5, 1, 1, 1, 'centre')).toBeCloseTo(0, 12);
  });

  it('is the cubeless equity 2p - 1 with a dead cube, whoever holds it', () => {
    for (const holder of ['centre', 'me', 'opponent'] as const)
      expect(janowski(0.3, 1, 1, 0, holder)).toBeCloseTo(-0.4, 12);
  });

  it('is worth more to the holder than to the other side', () => {
    expect(janowski(0.6, 1, 1, 0.68, 'me')).toBeGreaterThan(janowski(0.6, 1, 1, 0.68, 'centre'));
    expect(janowski(0.6, 1, 1, 0.68, 'centre')).toBeGreaterThan(janowski(0.6, 1, 1, 0.68, 'opponent'));
  });
});

describe('cube decisions in a money game', () => {
  it('takes at 30%, drops at 15%, beavers at 55% where beavers are allowed', () => {
    expect(answerDouble(money(0.3), false)).toBe('take');
    expect(answerDouble(money(0.15), false)).toBe('drop');
    expect(answerDouble(money(0.55), true)).toBe('beaver');
    expect(answerDouble(money(0.55), false)).toBe('take');
  });

  it('does not double at 55%, doubles at 75%, and plays on for the gammon when too good', () => {
    expect(shouldDouble(money(0.55))).toBe(false);
    expect(shouldDouble(money(0.75))).toBe(true);
    const tooGood = Float64Array.from([0.92, 0.6, 0.05, 0, 0]);
    expect(shouldDouble(money(0.92, { outcomes: tooGood }))).toBe(false);
  });

  it('accepts a resignation worth more than playing on, and refuses one worth less', () => {
    const gammonish = Float64Array.from([0.95, 0.7, 0.1, 0, 0]);
    expect(acceptResignation(money(0.95, { outcomes: gammonish }), 1)).toBe(false);
    expect(acceptResignation(money(0.95, { outcomes: gammonish }), 2)).toBe(true);
  });
});

describe('cube decisions at match play', () => {
  it('reads the Kazaross-XG2 table: 50% at 1-away all, its 2-away/1-away post-Crawford entry', () => {
    expect(winChance(1, 1, false)).toBe(0.5);
    expect(winChance(2, 1, true)).toBe(POST_CRAWFORD[1]);
    expect(winChance(1, 2, true)).toBeCloseTo(1 - POST_CRAWFORD[1], 12);
    expect(winChance(3, 5, false)).toBe(PRE_CRAWFORD[2][4]);
    expect(winChance(0, 3, false)).toBe(1);
    expect(winChance(3, 0, false)).toBe(0);
  });

  it('the trailer doubles at once after the Crawford game, and the leader takes an even game', () => {
    const trailer: CubeSituation = { ...money(0.5), worth: matchValue(4, 1, true), live: () => false };
    expect(shouldDouble(trailer)).toBe(true);
    const leader: CubeSituation = { ...money(0.5), worth: matchValue(1, 4, true), live: () => false };
    expect(answerDouble(leader, false)).toBe('take');
  });

  // At 2-away 2-away a double kills the cube (the game decides the match): the taker needs what a drop leaves,
  // its chance at 2-away against 1-away in the Crawford game, 1 - PRE[0][1] = 32.3% in this table.
  it('at 2-away 2-away a 70% favourite doubles; the other side takes with 35% and drops with 30%', () => {
    const s: CubeSituation = { ...money(0.7), worth: matchValue(2, 2, false), live: () => false };
    expect(shouldDouble(s)).toBe(true);
    expect(1 - PRE_CRAWFORD[0][1]).toBeCloseTo(0.32264, 5);
    expect(answerDouble({ ...s, outcomes: plain(0.35) }, false)).toBe('take');
    expect(answerDouble({ ...s, outcomes: plain(0.3) }, false)).toBe('drop');
  });
});
