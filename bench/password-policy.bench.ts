/**
 * The password policy's cost (`npm run bench:passwords`; docs/architecture.md, "Accounts"): the
 * time to build it (zxcvbn's dictionaries), and the time of one check, on the event loop, for
 * passwords as people type them (8-30 characters of words, digits and symbols from a seeded mix)
 * and for the worst of 64 characters, the most the policy lets zxcvbn judge (repeats, keyboard
 * runs, dates, words). Prints one JSON line: milliseconds, median, p99 and max.
 */
import { mulberry32 } from '../src/engine/testing/index.js';
import { PasswordPolicy } from '../src/security/password-policy.js';
import { runBench } from './run-bench.js';

const WORDS = ['horse', 'battery', 'dragon', 'summer', 'walnut', 'ferry', 'monkey', 'compass', 'tavla', 'nardy'];
const SYMBOLS = ['', '!', '-', '.', '#', ' '];

/** A password as people make them: two or three words, maybe capitalised, digits and a symbol. */
function typed(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const words = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(WORDS));
  const word = (w: string): string => (random() < 0.3 ? w[0].toUpperCase() + w.slice(1) : w);
  const digits = random() < 0.6 ? String(Math.floor(random() * 10_000)) : '';
  return (words.map(word).join(pick(SYMBOLS)) + digits + pick(SYMBOLS)).slice(0, 30).padEnd(8, '7');
}

/** The slowest inputs found for zxcvbn, 64 characters each. */
const WORST_64 = [
  'Ab1-'.repeat(16),
  'qwertyuiop1234567890'.repeat(4).slice(0, 64),
  '19901231'.repeat(8),
  'p@ss1990qwerty!!'.repeat(4),
  'password'.repeat(8),
];

function stats(times: number[]): { median: number; p99: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(3));
  return { median: at(0.5), p99: at(0.99), max: at(1) };
}

function timed(check: () => void): number {
  const started = performance.now();
  check();
  return performance.now() - started;
}

runBench('password-policy', () => {
  const built = performance.now();
  const policy = new PasswordPolicy();
  const buildMs = Number((performance.now() - built).toFixed(1));
  const random = mulberry32(20261127);
  const corpus = Array.from({ length: 2000 }, () => typed(random));
  for (const password of corpus.slice(0, 100)) policy.refusal(password, 'someone');
  const typedTimes = corpus.map((password) => timed(() => policy.refusal(password, 'someone')));
  const worstTimes = WORST_64.flatMap((password) =>
    Array.from({ length: 10 }, () => timed(() => policy.refusal(password, 'someone'))),
  );
  const refused = corpus.filter((password) => policy.refusal(password, 'someone') !== null).length;
  const line = {
    bench: 'password-policy',
    buildMs,
    typed: { count: corpus.length, refused, ms: stats(typedTimes) },
    worst64: { count: worstTimes.length, ms: stats(worstTimes) },
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return Promise.resolve(0);
});
