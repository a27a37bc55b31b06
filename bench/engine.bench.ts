/**
 * Legal-play generation benchmark (`npm run bench:engine`).
 *
 * A fixed, seeded corpus per variant: positions taken from random games
 * (random legal plays for seeded dice), so it holds openings, contact, hits
 * and the bar (backgammon), blocks (long nardy) and bear-offs; every fifth
 * entry is given a double. legalPlays runs over the corpus after a warm-up:
 * throughput from whole passes, median and p99 from per-position timings.
 * Also times `replay` of a deterministic 10,000-event money session of the
 * variant (src/engine/testing/random-match.ts): best of 10 runs after a warm-up.
 * Prints one JSON line per variant.
 */
import {
  initialPosition,
  legalPlays,
  replay,
  swapSides,
  type Dice,
  type Die,
  type Position,
  type Variant,
} from '../src/engine/index.js';
import { longSession, mulberry32 as prng } from '../src/engine/testing/index.js';

const CORPUS_SIZE = 4000;
const SEED = 20261122;

interface Entry {
  readonly position: Position;
  readonly dice: Dice;
  readonly firstTurn: boolean;
}

function buildCorpus(variant: Variant, size: number, seed: number): Entry[] {
  const random = prng(seed);
  const die = (): Die => (1 + Math.floor(random() * 6)) as Die;
  const nonDouble = (): Dice => {
    for (;;) {
      const d: Dice = [die(), die()];
      if (d[0] !== d[1]) return d;
    }
  };
  const corpus: Entry[] = [];
  while (corpus.length < size) {
    let position = initialPosition(variant);
    const firstTurnDone = [false, false];
    for (let ply = 0; ply < 400 && corpus.length < size; ply++) {
      const side = ply % 2;
      const firstTurn = !firstTurnDone[side];
      firstTurnDone[side] = true;
      // Opening roll: never a double for the first play of a game.
      const dice: Dice = ply === 0 ? nonDouble() : [die(), die()];
      // Sample about half the positions; the corpus dice: every fifth a double.
      if (random() < 0.5) {
        const n = corpus.length;
        const d: Dice = n % 5 === 0 ? [dice[0], dice[0]] : dice[0] === dice[1] ? nonDouble() : dice;
        corpus.push({ position, dice: d, firstTurn });
      }
      const plays = legalPlays(variant, position, dice, { firstTurn });
      if (plays.length > 0) position = plays[Math.floor(random() * plays.length)].position;
      if (position.player.off === 15) break;
      position = swapSides(position);
    }
  }
  return corpus;
}

function describeCorpus(variant: Variant, corpus: readonly Entry[]): Record<string, number> {
  let bar = 0;
  let bearOff = 0;
  let doubles = 0;
  let contact = 0;
  for (const { position, dice } of corpus) {
    if (dice[0] === dice[1]) doubles++;
    if (position.player.bar > 0) bar++;
    if (position.player.bar === 0 && position.player.points.slice(6).every((n) => n === 0)) bearOff++;
    // Contact: some checker of mine still has an opposing checker ahead of it.
    const mine = position.player.points;
    const theirs = position.opponent.points;
    let myBack = position.player.bar > 0 ? 25 : 0;
    for (let q = 24; q >= 1 && myBack === 0; q--) if (mine[q - 1] > 0) myBack = q;
    let theirFront = 25;
    for (let p = 24; p >= 1; p--) {
      if (theirs[p - 1] === 0) continue;
      const myNumber = variant === 'backgammon' ? 25 - p : p <= 12 ? p + 12 : p - 12;
      theirFront = Math.min(theirFront, myNumber);
    }
    if (theirFront < myBack) contact++;
  }
  return { bar, bearOff, doubles, contact };
}

/** Best time in ms of `replay` over a 10,000-event history of the variant. */
function replayMillis(variant: Variant): number {
  const { options, events } = longSession(variant, 10_000);
  if (events.length !== 10_000) throw new Error(`history of ${events.length} events`);
  let sink = 0;
  for (let i = 0; i < 3; i++) sink += replay(options, events).rollIndex; // warm-up (JIT)
  let best = Infinity;
  for (let i = 0; i < 10; i++) {
    const t0 = process.hrtime.bigint();
    sink += replay(options, events).rollIndex;
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  if (sink === -1) console.log('unreachable');
  return best;
}

function run(variant: Variant): void {
  const corpus = buildCorpus(variant, CORPUS_SIZE, SEED + (variant === 'backgammon' ? 0 : 1));
  let plays = 0;
  let sink = 0;
  const pass = (): void => {
    for (const e of corpus) sink += legalPlays(variant, e.position, e.dice, { firstTurn: e.firstTurn }).length;
  };
  for (let i = 0; i < 5; i++) pass(); // warm-up (JIT)
  for (const e of corpus) plays += legalPlays(variant, e.position, e.dice, { firstTurn: e.firstTurn }).length;

  const passes = 10;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < passes; i++) pass();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

  const micros = new Float64Array(corpus.length * 3);
  let k = 0;
  for (let r = 0; r < 3; r++) {
    for (const e of corpus) {
      const s = process.hrtime.bigint();
      sink += legalPlays(variant, e.position, e.dice, { firstTurn: e.firstTurn }).length;
      micros[k++] = Number(process.hrtime.bigint() - s) / 1000;
    }
  }
  micros.sort();

  // The same with every play's text and resulting position read (they are computed lazily).
  const materialize = (): void => {
    for (const e of corpus) {
      for (const p of legalPlays(variant, e.position, e.dice, { firstTurn: e.firstTurn })) {
        sink += p.text.length + p.position.player.off + p.moves.length;
      }
    }
  };
  for (let i = 0; i < 3; i++) materialize(); // warm-up (JIT) of the getters and text
  const materializePasses = 5;
  const m0 = process.hrtime.bigint();
  for (let i = 0; i < materializePasses; i++) materialize();
  const materialized = Number(process.hrtime.bigint() - m0) / 1e9 / materializePasses;

  if (sink === -1) console.log('unreachable');
  const positions = corpus.length;
  const round = (x: number, digits = 0): number => Number(x.toFixed(digits));
  console.log(
    JSON.stringify({
      variant,
      positions,
      plays,
      positionsPerSecond: round((positions * passes) / seconds),
      playsPerSecond: round((plays * passes) / seconds),
      medianMicros: round(micros[Math.floor(micros.length / 2)], 2),
      p99Micros: round(micros[Math.floor(micros.length * 0.99)], 2),
      withTextAndPositionPerSecond: round(positions / materialized),
      replay10kEventsMs: round(replayMillis(variant), 1),
      corpus: describeCorpus(variant, corpus),
    }),
  );
}

run('backgammon');
run('long-nardy');
