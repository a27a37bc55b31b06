/** What the benchmarks share: their settings from the environment, and percentiles of their samples. */

/** A whole number >= `min` from the environment variable `name`, or `fallback` when it is unset or empty. */
export function wholeNumberFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min} (got ${raw})`);
  return n;
}

/** The p-th percentile of ascending `sorted` samples by the nearest-rank method; null for no samples. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
