import { nearestRank, wholeNumberFromEnv } from './bench-figures.js';

describe('bench figures', () => {
  it('takes the nearest-rank percentile of sorted samples, null for none', () => {
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect([50, 90, 99, 100, 0].map((p) => nearestRank(sorted, p))).toEqual([50, 90, 100, 100, 10]);
    expect(nearestRank([], 50)).toBeNull();
  });

  it('reads a whole number from the environment, its fallback when unset, and refuses less than its minimum', () => {
    const name = 'BENCH_FIGURES_SPEC_VALUE';
    delete process.env[name];
    expect(wholeNumberFromEnv(name, 7)).toBe(7);
    process.env[name] = '12';
    expect(wholeNumberFromEnv(name, 7)).toBe(12);
    process.env[name] = '0';
    expect(wholeNumberFromEnv(name, 7, 0)).toBe(0);
    expect(() => wholeNumberFromEnv(name, 7)).toThrow(`${name} must be a whole number >= 1 (got 0)`);
    process.env[name] = '2.5';
    expect(() => wholeNumberFromEnv(name, 7)).toThrow(/whole number/);
    delete process.env[name];
  });
});
