/**
 * The house bots' strength and speed (`npm run bench:bot`, docs/bots.md
 * "Strength"): one JSON line at the end, progress on stderr as it goes.
 *
 * - Each level against random legal plays: one-point games (cubeless), each variant.
 * - Backgammon: the strong bot against pubeval, one-point cubeless games.
 * - Backgammon against GNU Backgammon: every play the bot made in its own
 *   games (each level against itself) where it had a choice, ranked by gnubg
 *   at 1 ply with the rank-plays reference tool (path in GNUBG_RANK_PLAYS);
 *   mean equity loss and the share of blunders (loss > 0.08).
 * - Long nardy: strong against easy and against a pip-maximizer, with mars rates.
 * - Speed: p50/p99 of the strong bot's play and cube decisions, timed in these games and in
 *   5-point matches against itself (for the cube); these run first, before gnubg is started.
 * - With gnubg installed: the strong bot against gnubg itself (its external mode, the house
 *   gnubg bot's adapter), one-point cubeless games; gnubg's plies from BENCH_GNUBG_PLIES (0 by default).
 *
 * Games come from seeded dice (dice.ts, fixed server seed): a run is reproducible
 * but for the timings. `--quick` plays a tenth of every count.
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { GnubgPlayer } from '../src/bots/gnubg/gnubg-player.js';
import { locateGnubg } from '../src/bots/gnubg/gnubg-settings.js';
import {
  afterDecision,
  decidingColour,
  encodePositionId,
  seatedMatch,
  houseDecider,
  mulberry32,
  pickerDecider,
  pipMaximizer,
  playDecidedMatch,
  pubevalPlay,
  randomPicker,
  swapSides,
  positionFor,
  type BotLevel,
  type Colour,
  type Decider,
  type DiceContext,
  type Variant,
} from '../src/engine/index.js';
import { runBench } from './run-bench.js';

const run = promisify(execFile);
const quick = process.argv.includes('--quick');
const scale = (n: number): number => (quick ? Math.ceil(n / 10) : n);
const SERVER_SEED = 'b0b0b0b0c1c2c3c4d5d6d7d8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfc';
const BLUNDER = 0.08;

function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Timings of the strong bot's decisions, in milliseconds. */
const timings = { play: [] as number[], cube: [] as number[] };

/** A decider that times each decision of the kind asked (play, or a cube question). */
function timed(decider: Decider): Decider {
  return (state, colour) => {
    const kind = state.phase.kind;
    const start = performance.now();
    const decision = decider(state, colour);
    const ms = performance.now() - start;
    if (kind === 'play' && state.phase.plays.length > 1) timings.play.push(ms);
    else if (kind === 'cube-response' || (kind === 'roll' && state.phase.mayDouble)) timings.cube.push(ms);
    return decision;
  };
}

interface Series {
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  /** Share of the bot's wins that were gammons or more (mars or more), and of its losses. */
  readonly gammonWins: number;
  readonly gammonLosses: number;
}

/** `games` one-point cubeless games, the bot (`deciders[0]`) white in even games, black in odd. */
function series(variant: Variant, games: number, bot: Decider, other: Decider, label: string, seed: number): Series {
  let wins = 0;
  let gammonWins = 0;
  let gammonLosses = 0;
  for (let g = 0; g < games; g++) {
    const botColour: Colour = g % 2 === 0 ? 'white' : 'black';
    const deciders = botColour === 'white' ? { white: bot, black: other } : { white: other, black: bot };
    const dice: DiceContext = { seed: SERVER_SEED, matchId: `${label}-${seed}-${g}`, clientSeeds: [] };
    const { state } = playDecidedMatch({ variant, length: 1, rules: { cube: false } }, deciders, dice);
    const outcome = state.games[0];
    const won = outcome.winner === botColour;
    if (won) wins++;
    if (outcome.multiplier > 1) {
      if (won) gammonWins++;
      else gammonLosses++;
    }
    if ((g + 1) % 100 === 0) progress(`${label}: ${g + 1}/${games} games, ${wins} won`);
  }
  const rate = (n: number, of: number): number => (of === 0 ? 0 : round(n / of, 4));
  return {
    games,
    wins,
    winRate: rate(wins, games),
    gammonWins: rate(gammonWins, wins),
    gammonLosses: rate(gammonLosses, games - wins),
  };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0, 3);
}

interface Decision {
  readonly posid: string;
  readonly dice: readonly [number, number];
  /** The position after the bot's play, the opponent on roll (rank-plays' result_posid). */
  readonly chosen: string;
}

/** The bot's plays with a choice, from its games against itself, until `count` are collected. */
function collectDecisions(level: BotLevel, count: number): Decision[] {
  const decisions: Decision[] = [];
  const random = mulberry32(level === 'strong' ? 101 : 202);
  const house = houseDecider(level, random);
  const recording: Decider = (state, colour) => {
    const decision = house(state, colour);
    const { phase } = state;
    if (phase.kind === 'play' && phase.plays.length > 1 && decision.kind === 'play') {
      const chosen = phase.plays.find(
        (p) => p.moves.length === decision.moves.length && p.moves.every((m, i) => sameMove(m, decision.moves[i])),
      );
      if (chosen === undefined) throw new Error('the bot played a play not among the legal ones');
      decisions.push({
        posid: encodePositionId(positionFor(state, colour)),
        dice: phase.dice,
        chosen: encodePositionId(swapSides(chosen.position)),
      });
    }
    return decision;
  };
  for (let g = 0; decisions.length < count; g++) {
    const dice: DiceContext = { seed: SERVER_SEED, matchId: `decisions-${level}-${g}`, clientSeeds: [] };
    playDecidedMatch(
      { variant: 'backgammon', length: 1, rules: { cube: false } },
      { white: recording, black: recording },
      dice,
    );
  }
  return decisions.slice(0, count);
}

function sameMove(a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  return a.from === b.from && a.to === b.to;
}

interface ErrorRate {
  readonly decisions: number;
  readonly meanLoss: number;
  readonly blunders: number;
  readonly blunderShare: number;
  readonly plies: number;
}

/** gnubg's verdict on each decision, by the rank-plays tool, in batches. */
async function errorRate(tool: string, decisions: readonly Decision[], label: string): Promise<ErrorRate> {
  const BATCH = 100;
  let total = 0;
  let blunders = 0;
  let ranked = 0;
  for (let at = 0; at < decisions.length; at += BATCH) {
    const batch = decisions.slice(at, at + BATCH);
    const args = ['--plies', '1', ...batch.flatMap((d) => [d.posid, String(d.dice[0]), String(d.dice[1])])];
    const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
    const lines = stdout.trim().split('\n');
    if (lines.length !== batch.length) throw new Error(`rank-plays answered ${lines.length} lines for ${batch.length}`);
    lines.forEach((line, i) => {
      const answer = JSON.parse(line) as { plays?: { result_posid: string; loss: number }[]; error?: string };
      const play = answer.plays?.find((p) => p.result_posid === batch[i].chosen);
      if (play === undefined) throw new Error(`gnubg does not list the bot's play: ${line.slice(0, 200)}`);
      total += play.loss;
      if (play.loss > BLUNDER) blunders++;
      ranked++;
    });
    progress(`${label}: ${ranked}/${decisions.length} decisions ranked, mean loss ${(total / ranked).toFixed(4)}`);
  }
  return {
    decisions: ranked,
    meanLoss: round(total / ranked, 4),
    blunders,
    blunderShare: round(blunders / ranked, 4),
    plies: 1,
  };
}

/** The strong bot's cube decisions timed in `games` 5-point matches against itself (the one-point series have no cube). */
function cubeMatches(games: number): number {
  let doubles = 0;
  for (let g = 0; g < games; g++) {
    const dice: DiceContext = { seed: SERVER_SEED, matchId: `cube-${g}`, clientSeeds: [] };
    const bot = timed(houseDecider('strong', mulberry32(g)));
    const { decisions } = playDecidedMatch({ variant: 'backgammon', length: 5 }, { white: bot, black: bot }, dice);
    doubles += (decisions.white.get('double') ?? 0) + (decisions.black.get('double') ?? 0);
  }
  return doubles;
}

interface GnubgSeries {
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly gnubgPlies: number;
}

/** `games` one-point cubeless games of the strong bot against gnubg (its external mode, `plies` deep). */
async function againstGnubg(binary: string, games: number, plies: number): Promise<GnubgSeries> {
  const gnubg = new GnubgPlayer({ binary, plies, timeoutMs: 60_000 });
  const bot = houseDecider('strong', mulberry32(9));
  let wins = 0;
  try {
    for (let g = 0; g < games; g++) {
      const botColour: Colour = g % 2 === 0 ? 'white' : 'black';
      const dice: DiceContext = { seed: SERVER_SEED, matchId: `gnubg-${g}`, clientSeeds: [] };
      let state = seatedMatch({ variant: 'backgammon', length: 1, rules: { cube: false } });
      for (let colour = decidingColour(state, 1); colour !== null; colour = decidingColour(state, 1)) {
        const decision = colour === botColour ? bot(state, colour) : await gnubg.decide(state, colour);
        if (decision === null) throw new Error(`gnubg had nothing to do in phase ${state.phase.kind}`);
        state = afterDecision(state, colour, decision, dice);
      }
      if (state.games[0].winner === botColour) wins++;
      if ((g + 1) % 10 === 0) progress(`strong v gnubg (${plies} plies): ${g + 1}/${games} games, ${wins} won`);
    }
  } finally {
    await gnubg.onModuleDestroy();
  }
  return { games, wins, winRate: round(wins / games, 4), gnubgPlies: plies };
}

async function main(): Promise<number> {
  const started = performance.now();
  const strong = (seed: number): Decider => timed(houseDecider('strong', mulberry32(seed)));
  const easy = (seed: number): Decider => houseDecider('easy', mulberry32(seed));
  const level = (l: BotLevel, seed: number): Decider => (l === 'strong' ? strong(seed) : easy(seed));
  const random = (seed: number): Decider => pickerDecider(randomPicker(mulberry32(seed)));

  const againstRandom: Record<string, Record<string, Series>> = {};
  for (const variant of ['backgammon', 'long-nardy'] as const) {
    againstRandom[variant] = {};
    for (const l of ['easy', 'strong'] as const) {
      againstRandom[variant][l] = series(variant, scale(400), level(l, 1), random(2), `${variant} ${l} v random`, 1);
    }
  }
  const pubeval = pickerDecider((position, dice, plays) => pubevalPlay(position, dice) ?? plays[0]);
  const againstPubeval = series('backgammon', scale(1000), strong(3), pubeval, 'backgammon strong v pubeval', 3);
  const nardyAgainstEasy = series('long-nardy', scale(400), strong(4), easy(5), 'long-nardy strong v easy', 4);
  const nardyAgainstPips = series(
    'long-nardy',
    scale(400),
    strong(6),
    pickerDecider(pipMaximizer),
    'long-nardy strong v pip-maximizer',
    6,
  );

  const doubles = cubeMatches(scale(20));
  progress('speed figures taken; gnubg next');
  const tool = process.env.GNUBG_RANK_PLAYS;
  const gnubg: Record<string, ErrorRate | { skipped: string }> = {};
  for (const l of ['strong', 'easy'] as const) {
    if (tool === undefined) {
      gnubg[l] = { skipped: 'GNUBG_RANK_PLAYS is not set' };
      continue;
    }
    const decisions = collectDecisions(l, scale(2000));
    gnubg[l] = await errorRate(tool, decisions, `gnubg ranks ${l}`);
  }

  const binary = locateGnubg(process.env.GNUBG_PATH, process.env.PATH);
  const plies = Number(process.env.BENCH_GNUBG_PLIES ?? 0);
  const versusGnubg = binary === null ? { skipped: 'gnubg not found' } : await againstGnubg(binary, scale(200), plies);

  const strongRate = gnubg.strong;
  const bars = {
    againstRandom97: Object.values(againstRandom).every((levels) =>
      Object.values(levels).every((s) => s.winRate >= 0.97),
    ),
    gnubgMeanLoss003:
      strongRate !== undefined && 'meanLoss' in strongRate
        ? strongRate.decisions >= scale(2000) && strongRate.meanLoss <= 0.03
        : null,
    againstPubeval60: againstPubeval.winRate >= 0.6,
    nardyAgainstEasy70: nardyAgainstEasy.winRate >= 0.7,
    nardyAgainstPipMaximizer80: nardyAgainstPips.winRate >= 0.8,
    playP99Under50ms: percentile(timings.play, 99) <= 50,
    cubeP99Under10ms: percentile(timings.cube, 99) <= 10,
  };
  const figures = {
    bench: 'bot',
    bars,
    quick,
    againstRandom,
    againstPubeval,
    longNardy: { againstEasy: nardyAgainstEasy, againstPipMaximizer: nardyAgainstPips },
    gnubgErrorRate: gnubg,
    againstGnubg: versusGnubg,
    speedMs: {
      play: { decisions: timings.play.length, p50: percentile(timings.play, 50), p99: percentile(timings.play, 99) },
      cube: {
        decisions: timings.cube.length,
        doubles,
        p50: percentile(timings.cube, 50),
        p99: percentile(timings.cube, 99),
      },
    },
    seconds: round((performance.now() - started) / 1000, 1),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  return 0;
}

runBench('bench:bot', main);
