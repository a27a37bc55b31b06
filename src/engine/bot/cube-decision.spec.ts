import {
  acceptResignation,
  answerDouble,
  averageWorth,
  cubefulWorth,
  deadCubeEquity,
  janowski,
  shouldDouble,
  type CubeSituation,
} from './cube-decision.js';
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

describe('the match model (cube decisions of the look-ahead at match play)', () => {
  /** A match situation: the bot needs `me`, the opponent `opp`, before the Crawford game unless `post`. */
  function atScore(p: number, me: number, opp: number, more: Partial<CubeSituation> = {}, post = false): CubeSituation {
    return {
      ...money(p),
      worth: matchValue(me, opp, post),
      live: (value) => value < me || value < opp,
      aways: { me, opponent: opp },
      ...more,
    };
  }

  it('is the dead cube’s match-winning chance when the cube is dead', () => {
    const s = atScore(0.6, 3, 3, { live: () => false });
    const dead = 0.6 * winChance(2, 3, false) + 0.4 * winChance(3, 2, false);
    expect(cubefulWorth(s, 1, 'centre')).toBeCloseTo(dead, 12);
  });

  // Janowski's money game with efficiency 0.68, gammonless: take point about 21.5%, initial double about 69%.
  it('in a long match behaves like money play: gammonless, it takes at 23% and drops at 20%, doubles at 72% and not at 66%', () => {
    expect(answerDouble(atScore(0.23, 25, 25), false)).toBe('take');
    expect(answerDouble(atScore(0.2, 25, 25), false)).toBe('drop');
    expect(shouldDouble(atScore(0.66, 25, 25))).toBe(false);
    expect(shouldDouble(atScore(0.72, 25, 25))).toBe(true);
  });

  it('matches its Janowski money form nowhere near the end of a match, but not at asymmetric scores', () => {
    const deep = atScore(0.65, 25, 25);
    const moneyLike = { ...deep, aways: undefined, live: () => true };
    expect(Math.abs(cubefulWorth(deep, 1, 'centre') - cubefulWorth(moneyLike, 1, 'centre'))).toBeLessThan(0.01);
  });

  it('after the Crawford game the trailer doubles at once, and the leader takes an even game', () => {
    expect(shouldDouble(atScore(0.5, 4, 1, {}, true))).toBe(true);
    expect(shouldDouble(atScore(0.45, 2, 1, {}, true))).toBe(true);
    expect(answerDouble(atScore(0.5, 1, 4, {}, true), false)).toBe('take');
  });

  it('the leader never doubles when its cube is dead: 1-away post-Crawford, whatever its chances short of too good', () => {
    for (const p of [0.6, 0.7, 0.8]) expect(shouldDouble(atScore(p, 1, 4, {}, true))).toBe(false);
  });

  it('at 2-away 2-away a 70% favourite doubles; the other side takes with 35% and drops with 30%', () => {
    expect(shouldDouble(atScore(0.7, 2, 2))).toBe(true);
    expect(answerDouble(atScore(0.35, 2, 2), false)).toBe('take');
    expect(answerDouble(atScore(0.3, 2, 2), false)).toBe('drop');
  });

  it('a side needing 4 against one needing 2 waits longer to double than at 4-away 4-away, for the other side’s recube', () => {
    const doublesAt = (me: number, opp: number): number =>
      [0.55, 0.6, 0.65, 0.7, 0.75, 0.8].find((p) => shouldDouble(atScore(p, me, opp))) ?? 1;
    expect(doublesAt(4, 2)).toBeGreaterThanOrEqual(doublesAt(4, 4));
  });

  it('is worth more to the holder than with the cube centred, and least when the opponent holds it', () => {
    const s = atScore(0.6, 5, 5);
    expect(cubefulWorth(s, 1, 'me')).toBeGreaterThan(cubefulWorth(s, 1, 'centre'));
    expect(cubefulWorth(s, 1, 'centre')).toBeGreaterThan(cubefulWorth(s, 1, 'opponent'));
  });
});

describe('the worth of the game a roll ahead', () => {
  it('is the situation’s own Janowski worth when one roll has all the weight', () => {
    const s = money(0.62);
    const worth = averageWorth(s, [{ weight: 1, outcomes: s.outcomes, efficiency: s.efficiency }]);
    for (const holder of ['centre', 'me', 'opponent'] as const)
      expect(worth(2, holder)).toBeCloseTo(cubefulWorth(s, 2, holder), 12);
  });

  it('is the weighted average of the worths after each roll, not the worth of the averaged chances', () => {
    const s = money(0.7);
    const strong = { ...s, outcomes: Float64Array.from([0.95, 0.3, 0, 0, 0]) };
    const weak = { ...s, outcomes: Float64Array.from([0.45, 0.1, 0, 0.1, 0]), efficiency: 0.6 };
    const worth = averageWorth(s, [
      { weight: 0.25, outcomes: strong.outcomes, efficiency: strong.efficiency },
      { weight: 0.75, outcomes: weak.outcomes, efficiency: weak.efficiency },
    ]);
    for (const holder of ['centre', 'me', 'opponent'] as const) {
      const expected = 0.25 * cubefulWorth(strong, 1, holder) + 0.75 * cubefulWorth(weak, 1, holder);
      expect(worth(1, holder)).toBeCloseTo(expected, 12);
    }
  });
});

describe('the dead cube’s equity, on which plays are ranked', () => {
  it('is cubefulWorth with efficiency 0, in units of the cube, at money and at a match score', () => {
    const o = Float64Array.from([0.6, 0.2, 0.02, 0.1, 0.01]);
    for (const s of [
      money(0.6, { outcomes: o, value: 2 }),
      { ...money(0.6, { outcomes: o }), worth: matchValue(3, 5, false) },
    ]) {
      const single = s.worth(s.value);
      const lossSingle = s.worth(-s.value);
      const worth = cubefulWorth({ ...s, efficiency: 0 }, s.value, s.holder);
      expect(deadCubeEquity(s)(o)).toBeCloseTo((2 * (worth - lossSingle)) / (single - lossSingle) - 1, 9);
    }
  });
});
