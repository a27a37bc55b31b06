import fc from 'fast-check';
import {
  automaticDouble,
  beaver,
  CENTRED_CUBE,
  cubeCeiling,
  double,
  doubleCanMatter,
  MAX_CUBE,
  mayBeaver,
  maximumRefusal,
  drop,
  mayDouble,
  take,
  type CubeState,
  type DoubleContext,
} from './cube.js';
import { DEFAULT_RULES, effectiveRules, type RulesOptions } from './rules-options.js';

const MONEY = effectiveRules(0, DEFAULT_RULES);
const MONEY_BEAVERS = effectiveRules(0, { ...DEFAULT_RULES, beavers: true });
const MATCH_WITH_BEAVERS_ASKED = effectiveRules(7, { ...DEFAULT_RULES, beavers: true });

function context(overrides: Partial<DoubleContext> = {}): DoubleContext {
  return { actor: 'white', onRoll: 'white', rolled: false, crawfordGame: false, rules: MONEY, ...overrides };
}

function expectOk<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe('doubling cube', () => {
  it('lets the player on turn double a centred cube before rolling, and the taker then owns it at 2', () => {
    const offered = expectOk(double(CENTRED_CUBE, context())).cube;
    expect(offered).toEqual({ value: 1, owner: 'centre', offer: { by: 'white', value: 2, beaver: false } });
    expect(expectOk(take(offered, 'black')).cube).toEqual({ value: 2, owner: 'black', offer: null });
  });

  it('refuses a double after the roll, out of turn, or with the cube on the other side', () => {
    expect(double(CENTRED_CUBE, context({ rolled: true }))).toMatchObject({ ok: false, reason: 'after-roll' });
    expect(double(CENTRED_CUBE, context({ actor: 'black' }))).toMatchObject({ ok: false, reason: 'not-your-turn' });
    const blackOwns: CubeState = { value: 2, owner: 'black', offer: null };
    expect(double(blackOwns, context())).toMatchObject({ ok: false, reason: 'cube-not-yours' });
    expect(expectOk(double(blackOwns, context({ actor: 'black', onRoll: 'black' }))).cube.offer?.value).toBe(4);
  });

  it('refuses the cube in the Crawford game and when the match does not use it', () => {
    expect(double(CENTRED_CUBE, context({ crawfordGame: true }))).toMatchObject({ ok: false, reason: 'crawford-game' });
    const noCube: RulesOptions = { ...MONEY, cube: false };
    expect(double(CENTRED_CUBE, context({ rules: noCube }))).toMatchObject({ ok: false, reason: 'cube-disabled' });
    expect(mayDouble(CENTRED_CUBE, context({ crawfordGame: true }))).toBe(false);
  });

  it('refuses a double that would pass the cube limit', () => {
    const limited = { ...MONEY, cubeLimit: 4 };
    const atTwo: CubeState = { value: 2, owner: 'white', offer: null };
    expect(expectOk(double(atTwo, context({ rules: limited }))).cube.offer?.value).toBe(4);
    const atFour: CubeState = { value: 4, owner: 'white', offer: null };
    expect(double(atFour, context({ rules: limited }))).toMatchObject({ ok: false, reason: 'cube-limit' });
  });

  it('refuses a second double while one is pending, and answers when none is', () => {
    const offered = expectOk(double(CENTRED_CUBE, context())).cube;
    expect(double(offered, context())).toMatchObject({ ok: false, reason: 'double-pending' });
    expect(take(CENTRED_CUBE, 'black')).toMatchObject({ ok: false, reason: 'no-double-offered' });
    expect(drop(CENTRED_CUBE, 'black')).toMatchObject({ ok: false, reason: 'no-double-offered' });
    expect(take(offered, 'white')).toMatchObject({ ok: false, reason: 'not-your-turn' });
  });

  it('makes a drop lose the value before the double', () => {
    const cube: CubeState = { value: 4, owner: 'black', offer: { by: 'black', value: 8, beaver: false } };
    expect(drop(cube, 'white')).toEqual({ ok: true, winner: 'black', points: 4 });
  });

  it('beaver: the doubled player takes and redoubles keeping the cube; the doubler takes at 4 or drops 2', () => {
    const offered = expectOk(double(CENTRED_CUBE, context({ rules: MONEY_BEAVERS }))).cube;
    const beavered = expectOk(beaver(offered, 'black', MONEY_BEAVERS)).cube;
    expect(beavered).toEqual({ value: 2, owner: 'black', offer: { by: 'black', value: 4, beaver: true } });
    expect(expectOk(take(beavered, 'white')).cube).toEqual({ value: 4, owner: 'black', offer: null });
    expect(drop(beavered, 'white')).toEqual({ ok: true, winner: 'black', points: 2 });
    expect(beaver(beavered, 'white', MONEY_BEAVERS)).toMatchObject({ ok: false, reason: 'beaver-not-allowed' });
  });

  it('refuses beavers without the option, in matches, and beyond the cube limit', () => {
    const offered = expectOk(double(CENTRED_CUBE, context())).cube;
    expect(beaver(offered, 'black', MONEY)).toMatchObject({ ok: false, reason: 'beaver-not-allowed' });
    expect(beaver(offered, 'black', MATCH_WITH_BEAVERS_ASKED)).toMatchObject({
      ok: false,
      reason: 'beaver-not-allowed',
    });
    expect(beaver(offered, 'black', { ...MONEY_BEAVERS, cubeLimit: 2 })).toMatchObject({
      ok: false,
      reason: 'cube-limit',
    });
    expect(beaver(offered, 'white', MONEY_BEAVERS)).toMatchObject({ ok: false, reason: 'not-your-turn' });
  });

  it('doubles automatically on opening ties up to the agreed number, the cube staying centred', () => {
    const rules = effectiveRules(0, { ...DEFAULT_RULES, automaticDoubles: 2 });
    let cube = CENTRED_CUBE;
    const made: boolean[] = [];
    for (let tie = 0; tie < 3; tie++) {
      const step = automaticDouble(cube, rules, tie);
      made.push(step.doubled);
      cube = step.cube;
    }
    expect(made).toEqual([true, true, false]);
    expect(cube).toEqual({ value: 4, owner: 'centre', offer: null });
    expect(automaticDouble(CENTRED_CUBE, { ...rules, cubeLimit: 1 }, 0).doubled).toBe(false);
    expect(automaticDouble(CENTRED_CUBE, effectiveRules(5, { ...DEFAULT_RULES, automaticDoubles: 2 }), 0).doubled).toBe(
      false,
    );
  });

  describe("the highest cube (M1): gnubg's MAX_CUBE, 4096", () => {
    it("is gnubg's maximum, and no agreed limit raises it", () => {
      expect(MAX_CUBE).toBe(4096);
      expect(cubeCeiling(MONEY)).toBe(4096);
      expect(cubeCeiling({ ...MONEY, cubeLimit: 64 })).toBe(64);
      // A limit stored before the maximum (up to 2^30 was accepted) still folds, at the maximum.
      expect(cubeCeiling({ ...MONEY, cubeLimit: 2 ** 20 })).toBe(4096);
    });

    it('offers a double to 4096, and none further, however high an agreed limit', () => {
      const at2048: CubeState = { value: 2048, owner: 'white', offer: null };
      expect(mayDouble(at2048, context())).toBe(true);
      expect(expectOk(double(at2048, context())).cube.offer?.value).toBe(4096);
      const at4096: CubeState = { value: 4096, owner: 'white', offer: null };
      expect(mayDouble(at4096, context())).toBe(false);
      expect(mayDouble(at4096, context({ rules: { ...MONEY, cubeLimit: 2 ** 20 } }))).toBe(false);
      expect(maximumRefusal(8192)).toMatchObject({ ok: false, reason: 'cube-at-maximum' });
      expect(maximumRefusal(4096)).toBeNull();
    });

    it('offers a beaver that reaches 4096, and none that would pass it', () => {
      const to4096: CubeState = { value: 2048, owner: 'white', offer: { by: 'white', value: 4096, beaver: false } };
      expect(mayBeaver(to4096, 'black', MONEY_BEAVERS)).toBe(false);
      expect(expectOk(take(to4096, 'black')).cube.value).toBe(4096);
      const to2048: CubeState = { value: 1024, owner: 'white', offer: { by: 'white', value: 2048, beaver: false } };
      expect(mayBeaver(to2048, 'black', MONEY_BEAVERS)).toBe(true);
      expect(expectOk(beaver(to2048, 'black', MONEY_BEAVERS)).cube.offer?.value).toBe(4096);
    });

    it('makes no automatic double past 4096', () => {
      const rules = effectiveRules(0, { ...DEFAULT_RULES, automaticDoubles: 8 });
      const at4096: CubeState = { value: 4096, owner: 'centre', offer: null };
      expect(automaticDouble(at4096, rules, 0)).toEqual({ cube: at4096, doubled: false });
    });

    it('never offers a double, beaver or automatic double that passes the ceiling, in any sequence', () => {
      const action = fc.constantFrom('double', 'beaver', 'take', 'automatic');
      const limit = fc.option(fc.integer({ min: 0, max: 30 }).map((k) => 2 ** k));
      fc.assert(
        fc.property(fc.array(action, { maxLength: 80 }), limit, (actions, cubeLimit) => {
          const rules = effectiveRules(0, { ...DEFAULT_RULES, beavers: true, automaticDoubles: 8, cubeLimit });
          let cube = CENTRED_CUBE;
          let onRoll: 'white' | 'black' = 'white';
          for (const a of actions) {
            const doubled = cube.offer?.by === 'white' ? 'black' : 'white';
            const doubling = context({ actor: onRoll, onRoll, rules });
            if (a === 'double' && mayDouble(cube, doubling)) cube = expectOk(double(cube, doubling)).cube;
            if (a === 'beaver' && cube.offer && mayBeaver(cube, doubled, rules)) {
              cube = expectOk(beaver(cube, doubled, rules)).cube;
            }
            if (a === 'take' && cube.offer) {
              cube = expectOk(take(cube, doubled)).cube;
              onRoll = cube.owner === 'white' ? 'white' : 'black';
            }
            if (a === 'automatic' && !cube.offer) cube = automaticDouble(cube, rules, 0).cube;
            expect(cube.value).toBeLessThanOrEqual(cubeCeiling(rules));
            expect(cube.offer?.value ?? 0).toBeLessThanOrEqual(cubeCeiling(rules));
          }
        }),
      );
    });
  });
});

describe('doubleCanMatter', () => {
  it('is false where a single game won at the present value already wins the match (a dead cube), true elsewhere', () => {
    // A 1-point match: every game decides it.
    expect(doubleCanMatter(1, 0, 1)).toBe(false);
    // 5-point match, 3-0: the leader needs 2; at cube 2 one game wins it, at cube 1 it does not.
    expect(doubleCanMatter(5, 3, 2)).toBe(false);
    expect(doubleCanMatter(5, 3, 1)).toBe(true);
    // Post-Crawford trailer at 0-4 of 5 needs 5 points: the cube is live for them.
    expect(doubleCanMatter(5, 0, 1)).toBe(true);
    // Money: always.
    expect(doubleCanMatter(0, 12, 64)).toBe(true);
  });
});
