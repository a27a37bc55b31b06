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
 * - Long nardy: strong (its look-ahead) against strong at 0 ply, as it played before, one-point
 *   cubeless games (the bar: 60% won).
 * - With gnubg installed, the performance rating (PR): five-point matches (cube, Crawford) of
 *   `bot` against a player that plays gnubg's best play at 0 ply, never doubles and always takes,
 *   the strong bot at 0 ply and with its look-ahead on the same dice; each written as a .mat file
 *   (to BENCH_MAT_DIR, a temporary directory by default) and analysed by gnubg at 2 ply
 *   (gnubg-analyse-stats.py): PR = 500 × the bot's normalised errors (plays and cube) per unforced
 *   play and close cube decision, the bar PR ≤ 5.0.
 *
 * Games come from seeded dice (dice.ts, fixed server seed): a run is reproducible
 * but for the timings. `--quick` plays a tenth of every count. `--only=a,b` runs only those
 * sections (random, pubeval, nardy, speed, rank, gnubg, nardy-plies, pr); `--pr-matches=N` sets
 * the number of PR matches per bot (20 by default, 2 with --quick), `--pr-bots=a,b` the bots rated
 * (zeroPly, lookAhead, easy; the first two by default).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GnubgPlayer } from '../src/bots/gnubg/gnubg-player.js';
import { locateGnubg } from '../src/bots/gnubg/gnubg-settings.js';
import {
  encodePositionId,
  mulberry32,
  writeMat,
  type BotDecisionOptions,
  pubevalPlay,
  swapSides,
  positionFor,
  type BotLevel,
  type Colour,
  type DiceContext,
  type Variant,
} from '../src/engine/index.js';
import {
  afterDecision,
  decidingColour,
  seatedMatch,
  houseDecider,
  pickerDecider,
  pipMaximizer,
  playDecidedMatch,
  playDecidedMatchAsync,
  randomPicker,
  type AsyncDecider,
  type Decider,
} from '../src/engine/training/index.js';
import { runBench } from './run-bench.js';

const run = promisify(execFile);
const quick = process.argv.includes('--quick');
const scale = (n: number): number => (quick ? Math.ceil(n / 10) : n);
/** `--name=value` from the command line, or undefined. */
function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}
const SECTIONS = ['random', 'pubeval', 'nardy', 'speed', 'rank', 'gnubg', 'nardy-plies', 'pr'] as const;
type Section = (typeof SECTIONS)[number];
const only = flag('only')?.split(',');
const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) throw new Error(`--only: no section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
const runs = (section: Section): boolean => only === undefined || only.includes(section);
/** The strong bot as it played before its look-ahead: every decision at 0 ply. */
const ZERO_PLY: BotDecisionOptions = { plies: 0 };
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

function timing(values: readonly number[]): { decisions: number; p50: number; p99: number; max: number } {
  return {
    decisions: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: round(Math.max(0, ...values), 3),
  };
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

/** gnubg's best play at 0 ply for plays; otherwise it rolls (never doubles), takes every double and refuses resignations. */
function gnubgPlays(gnubg: GnubgPlayer): AsyncDecider {
  return async (state, colour) => {
    const { phase } = state;
    switch (phase.kind) {
      case 'play': {
        const decision = await gnubg.decide(state, colour);
        if (decision?.kind !== 'play') throw new Error(`gnubg answered ${decision?.kind ?? 'nothing'} for a play`);
        return decision;
      }
      case 'cube-response':
        return { kind: 'take' };
      case 'resignation-response':
        return { kind: 'reject-resignation' };
      default:
        return { kind: 'roll' };
    }
  };
}

/** gnubg's figures of one player over some matches, from its statistics (gnubg.match()['stats']). */
interface GnubgStats {
  readonly moves: { readonly 'unforced-moves': number; readonly 'error-skill': number };
  readonly cube: {
    readonly 'close-cube': number;
    readonly 'error-skill': number;
    readonly 'n-doubles': number;
    readonly 'n-takes': number;
    readonly 'n-drops': number;
    readonly 'missed-double-below-cp': number;
    readonly 'missed-double-above-cp': number;
    readonly 'wrong-double-below-dp': number;
    readonly 'wrong-double-above-tg': number;
    readonly 'wrong-take': number;
    readonly 'wrong-drop': number;
  };
}

interface RatedPlayer {
  readonly matches: number;
  readonly matchesWon: number;
  /** gnubg's performance rating: 500 × normalised error per unforced play and close cube decision. */
  readonly pr: number;
  readonly unforcedMoves: number;
  /** Normalised error per unforced play, in thousandths (mEMG). */
  readonly checkerMemg: number;
  readonly closeCube: number;
  /** Normalised cube error per close cube decision, in thousandths (mEMG), and the cube's errors by kind. */
  readonly cubeMemg: number;
  readonly cubeErrorSum: number;
  readonly checkerErrorSum: number;
  readonly cube: Readonly<Record<string, number>>;
}

/** The analysis script, in bench/ beside this file's source (the build runs from dist/bench/bench/). */
const ANALYSE_SCRIPT = ((): string => {
  const beside = fileURLToPath(new URL('../../../bench/gnubg-analyse-stats.py', import.meta.url));
  return existsSync(beside) ? beside : join(process.cwd(), 'bench', 'gnubg-analyse-stats.py');
})();

/** gnubg's statistics of `player` in each file, analysed at `plies` (one gnubg for them all, with a fresh HOME). */
async function analyse(binary: string, files: readonly string[], player: string, plies: number): Promise<GnubgStats[]> {
  const home = mkdtempSync(join(tmpdir(), 'nardy-gnubg-analyse-'));
  const child = spawn('nice', ['-n', '10', binary, '-t', '-q', '-r', '-p', ANALYSE_SCRIPT], {
    env: {
      ...process.env,
      HOME: home,
      GNUBG_ANALYSE_FILES: JSON.stringify(files),
      GNUBG_ANALYSE_PLIES: String(plies),
      GNUBG_ANALYSE_PLAYER: player,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr?.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const stats: GnubgStats[] = [];
  let buffered = '';
  const fd3 = child.stdio[3] as NodeJS.ReadableStream;
  fd3.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as {
        file: string;
        error?: string;
        players?: Record<'X' | 'O', string>;
        stats?: Record<'X' | 'O', GnubgStats>;
      };
      buffered = buffered.slice(newline + 1);
      if (line.error !== undefined || line.players === undefined || line.stats === undefined)
        throw new Error(`gnubg could not analyse ${line.file}: ${line.error}`);
      const side = line.players.X === player ? 'X' : 'O';
      stats.push(line.stats[side]);
      progress(`gnubg analysed ${stats.length}/${files.length}: ${line.file}`);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (stats.length !== files.length)
    throw new Error(`gnubg analysed ${stats.length} of ${files.length} files (exit ${code}): ${errText.slice(-500)}`);
  return stats;
}

/** The performance rating over some matches' statistics. */
function rating(stats: readonly GnubgStats[], won: number): RatedPlayer {
  const sum = (pick: (s: GnubgStats) => number): number => stats.reduce((total, s) => total + pick(s), 0);
  const checkerErrorSum = sum((s) => Math.abs(s.moves['error-skill']));
  const cubeErrorSum = sum((s) => Math.abs(s.cube['error-skill']));
  const unforcedMoves = sum((s) => s.moves['unforced-moves']);
  const closeCube = sum((s) => s.cube['close-cube']);
  const cubeKinds = [
    'n-doubles',
    'n-takes',
    'n-drops',
    'missed-double-below-cp',
    'missed-double-above-cp',
    'wrong-double-below-dp',
    'wrong-double-above-tg',
    'wrong-take',
    'wrong-drop',
  ] as const;
  return {
    matches: stats.length,
    matchesWon: won,
    pr: round((500 * (checkerErrorSum + cubeErrorSum)) / Math.max(1, unforcedMoves + closeCube), 2),
    unforcedMoves,
    checkerMemg: round((1000 * checkerErrorSum) / Math.max(1, unforcedMoves), 2),
    closeCube,
    cubeMemg: round((1000 * cubeErrorSum) / Math.max(1, closeCube), 2),
    checkerErrorSum: round(checkerErrorSum, 4),
    cubeErrorSum: round(cubeErrorSum, 4),
    cube: Object.fromEntries(cubeKinds.map((kind) => [kind, sum((s) => s.cube[kind])])),
  };
}

/** The bots the PR section rates: `bot` at 0 ply (as it was), `bot` with its look-ahead, `bot-easy`. */
const PR_BOTS = ['zeroPly', 'lookAhead', 'easy'] as const;
type PrBot = (typeof PR_BOTS)[number];

/**
 * `matches` five-point matches of each bot of `labels` (`PR_BOTS`) against gnubg's
 * 0-ply plays, on the same dice (match m of either bot has the same dice context), the bot white in
 * even matches; each written as .mat and analysed by gnubg at `plies`.
 */
async function performanceRating(
  binary: string,
  matches: number,
  plies: number,
  labels: readonly PrBot[],
): Promise<Record<string, RatedPlayer | string>> {
  const dir = process.env.BENCH_MAT_DIR ?? mkdtempSync(join(tmpdir(), 'nardy-bot-pr-'));
  mkdirSync(dir, { recursive: true });
  const gnubg = new GnubgPlayer({ binary, plies: 0, timeoutMs: 60_000 });
  const files: Record<string, string[]> = Object.fromEntries(labels.map((l) => [l, []]));
  const won: Record<string, number> = Object.fromEntries(labels.map((l) => [l, 0]));
  try {
    for (let m = 0; m < matches; m++) {
      for (const label of labels) {
        const botColour: Colour = m % 2 === 0 ? 'white' : 'black';
        const bot =
          label === 'lookAhead'
            ? timed(houseDecider('strong', mulberry32(m)))
            : houseDecider(label === 'easy' ? 'easy' : 'strong', mulberry32(m), ZERO_PLY);
        const other = gnubgPlays(gnubg);
        const deciders = botColour === 'white' ? { white: bot, black: other } : { white: other, black: bot };
        const dice: DiceContext = { seed: SERVER_SEED, matchId: `pr-${m}`, clientSeeds: [] };
        const played = await playDecidedMatchAsync({ variant: 'backgammon', length: 5 }, deciders, dice);
        if (played.state.progress.winner === botColour) won[label]++;
        const players = botColour === 'white' ? { white: 'bot', black: 'gnubg' } : { white: 'gnubg', black: 'bot' };
        const file = join(dir, `pr-${label}-${m}.mat`);
        writeFileSync(file, writeMat({ variant: 'backgammon', length: 5, players, events: played.events }));
        files[label].push(file);
        progress(
          `PR match ${m + 1}/${matches} (${label}): ${played.state.progress.winner === botColour ? 'won' : 'lost'}, ${file}`,
        );
      }
    }
  } finally {
    await gnubg.onModuleDestroy();
  }
  const result: Record<string, RatedPlayer | string> = { matDir: dir };
  for (const label of labels) result[label] = rating(await analyse(binary, files[label], 'bot', plies), won[label]);
  return result;
}

async function main(): Promise<number> {
  const started = performance.now();
  const strong = (seed: number): Decider => timed(houseDecider('strong', mulberry32(seed)));
  const easy = (seed: number): Decider => houseDecider('easy', mulberry32(seed));
  const level = (l: BotLevel, seed: number): Decider => (l === 'strong' ? strong(seed) : easy(seed));
  const random = (seed: number): Decider => pickerDecider(randomPicker(mulberry32(seed)));
  const skipped = { skipped: 'not asked for (--only)' };

  let againstRandom: Record<string, Record<string, Series>> | null = null;
  if (runs('random')) {
    againstRandom = {};
    for (const variant of ['backgammon', 'long-nardy'] as const) {
      againstRandom[variant] = {};
      for (const l of ['easy', 'strong'] as const) {
        againstRandom[variant][l] = series(variant, scale(400), level(l, 1), random(2), `${variant} ${l} v random`, 1);
      }
    }
  }
  const pubeval = pickerDecider((position, dice, plays) => pubevalPlay(position, dice) ?? plays[0]);
  const againstPubeval = runs('pubeval')
    ? series('backgammon', scale(1000), strong(3), pubeval, 'backgammon strong v pubeval', 3)
    : null;
  const nardyAgainstEasy = runs('nardy')
    ? series('long-nardy', scale(400), strong(4), easy(5), 'long-nardy strong v easy', 4)
    : null;
  const nardyAgainstPips = runs('nardy')
    ? series('long-nardy', scale(400), strong(6), pickerDecider(pipMaximizer), 'long-nardy strong v pip-maximizer', 6)
    : null;
  // The look-ahead against the bot as it played before, on the same seeded dice (the bar: 60%).
  const nardyAgainstZeroPly = runs('nardy-plies')
    ? series(
        'long-nardy',
        scale(400),
        strong(7),
        houseDecider('strong', mulberry32(8), ZERO_PLY),
        'long-nardy strong v strong at 0 ply',
        7,
      )
    : null;

  const doubles = runs('speed') ? cubeMatches(scale(20)) : null;
  progress('speed figures taken; gnubg next');
  const tool = process.env.GNUBG_RANK_PLAYS;
  const gnubg: Record<string, ErrorRate | { skipped: string }> = {};
  for (const l of ['strong', 'easy'] as const) {
    if (!runs('rank')) {
      gnubg[l] = skipped;
      continue;
    }
    if (tool === undefined) {
      gnubg[l] = { skipped: 'GNUBG_RANK_PLAYS is not set' };
      continue;
    }
    const decisions = collectDecisions(l, scale(2000));
    gnubg[l] = await errorRate(tool, decisions, `gnubg ranks ${l}`);
  }

  const binary = locateGnubg(process.env.GNUBG_PATH, process.env.PATH);
  const plies = Number(process.env.BENCH_GNUBG_PLIES ?? 0);
  const versusGnubg = !runs('gnubg')
    ? skipped
    : binary === null
      ? { skipped: 'gnubg not found' }
      : await againstGnubg(binary, scale(200), plies);
  const prMatches = Number(flag('pr-matches') ?? (quick ? 2 : 20));
  const prBots = (flag('pr-bots')?.split(',') ?? ['zeroPly', 'lookAhead']).filter((b): b is PrBot =>
    (PR_BOTS as readonly string[]).includes(b),
  );
  const pr = !runs('pr')
    ? skipped
    : binary === null
      ? { skipped: 'gnubg not found' }
      : await performanceRating(binary, prMatches, 2, prBots);

  const strongRate = gnubg.strong;
  const lookAheadPr = 'lookAhead' in pr && typeof pr.lookAhead === 'object' ? pr.lookAhead : null;
  const easyPr = 'easy' in pr && typeof pr.easy === 'object' ? pr.easy : null;
  const bars = {
    againstRandom97:
      againstRandom === null
        ? null
        : Object.values(againstRandom).every((levels) => Object.values(levels).every((s) => s.winRate >= 0.97)),
    gnubgMeanLoss003:
      strongRate !== undefined && 'meanLoss' in strongRate
        ? strongRate.decisions >= scale(2000) && strongRate.meanLoss <= 0.03
        : null,
    againstPubeval60: againstPubeval === null ? null : againstPubeval.winRate >= 0.6,
    nardyAgainstEasy70: nardyAgainstEasy === null ? null : nardyAgainstEasy.winRate >= 0.7,
    nardyAgainstPipMaximizer80: nardyAgainstPips === null ? null : nardyAgainstPips.winRate >= 0.8,
    nardyAgainstZeroPly60:
      nardyAgainstZeroPly === null ? null : nardyAgainstZeroPly.games >= 400 && nardyAgainstZeroPly.winRate >= 0.6,
    prAtMost5: lookAheadPr === null ? null : lookAheadPr.matches >= 8 && lookAheadPr.pr <= 5,
    easyPrBeginner: easyPr === null ? null : easyPr.matches >= 8 && easyPr.pr >= 20 && easyPr.pr <= 30,
    playP99Under500ms: timings.play.length === 0 ? null : percentile(timings.play, 99) <= 500,
    cubeP99Under500ms: timings.cube.length === 0 ? null : percentile(timings.cube, 99) <= 500,
    decisionsUnder2s: Math.max(0, ...timings.play, ...timings.cube) <= 2000,
  };
  const figures = {
    bench: 'bot',
    bars,
    quick,
    againstRandom: againstRandom ?? skipped,
    againstPubeval: againstPubeval ?? skipped,
    longNardy: {
      againstEasy: nardyAgainstEasy ?? skipped,
      againstPipMaximizer: nardyAgainstPips ?? skipped,
      againstZeroPly: nardyAgainstZeroPly ?? skipped,
    },
    gnubgErrorRate: gnubg,
    againstGnubg: versusGnubg,
    performanceRating: pr,
    speedMs: { play: timing(timings.play), cube: { ...timing(timings.cube), doubles } },
    seconds: round((performance.now() - started) / 1000, 1),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  return 0;
}

runBench('bench:bot', main);
