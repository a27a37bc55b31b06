import { powerOfTen } from './power-of-ten.js';

describe('powerOfTen', () => {
  it('gives whole powers exactly, and 10^23, which lies halfway between two doubles, rounded to even', () => {
    expect(powerOfTen(0)).toBe(1);
    expect(powerOfTen(-0)).toBe(1);
    expect(powerOfTen(1)).toBe(10);
    expect(powerOfTen(22)).toBe(1e22);
    // 10^23 = 2^23 * 5^23, and 5^23 needs 54 bits: the literal 1e23 is the even neighbour.
    expect(powerOfTen(23)).toBe(1e23);
    expect(powerOfTen(308)).toBe(1e308);
  });

  it('gives the double nearest 10^x for fractional and negative x', () => {
    expect(powerOfTen(0.5)).toBe(Math.sqrt(10)); // both correctly rounded
    expect(powerOfTen(-1)).toBe(0.1);
    expect(powerOfTen(-2)).toBe(0.01);
    expect(powerOfTen(2.5)).toBe(Math.sqrt(100000));
    expect(powerOfTen(1e-300)).toBe(1);
    expect(powerOfTen(-1e-300)).toBe(1);
  });

  it.each([
    // x (the double nearest), 10^x to 40 digits, the double nearest it; `10 ** x` in V8 gives the
    // neighbour above or below instead (as glibc's pow does not, for these).
    [0.057, '1.140249787561168682173360725470468131080', 1.1402497875611688, 1.1402497875611686],
    [0.104, '1.270574105208541635969175988912208663800', 1.2705741052085415, 1.2705741052085417],
    [0.13, '1.348962882591653623041810767537960009446', 1.3489628825916535, 1.3489628825916538],
  ])('rounds 10^%p = %s to %p, where 10 ** x misses by the last bit', (x, _exact, nearest, missed) => {
    expect(powerOfTen(x)).toBe(nearest);
    expect(powerOfTen(x)).not.toBe(missed);
  });

  it('answers Infinity and 0 past the exponents of doubles, and NaN for NaN', () => {
    expect(powerOfTen(309)).toBe(Number.POSITIVE_INFINITY);
    expect(powerOfTen(-400)).toBe(0);
    expect(powerOfTen(Number.NaN)).toBeNaN();
  });
});
