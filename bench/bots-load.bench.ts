/**
 * The house bots under load (`npm run bench:bots-load`; docs/bots.md, "Fair turns").
 *
 * Starts dist/main.js as a production process on a fresh database of its own (BENCH_DATABASE_URL,
 * default postgresql://postgres@127.0.0.1:5432/postgres), with gnubg where it is installed. One
 * "flooder" account opens as many backgammon money sessions against `gnubg` and against `bot` as
 * the service lets it (BENCH_FLOOD_MATCHES each at most, 40, as in the issue; BOT_MATCHES_PER_USER
 * refuses those past it with 409) and
 * plays them all as fast as it can: each loop reads its state and acts whenever it may. Meanwhile a
 * second person plays one money session against each bot, and for every action of theirs that
 * leaves the match waiting for the bot, the time from sending the action to the bot's answer
 * arriving on the match's event stream (the first event after the person's) is measured. After
 * BENCH_WARMUP_SECONDS (5), BENCH_DURATION_SECONDS (60) are measured; then ONE JSON line: per bot
 * the person's answer times (p50, p99, max, ms, and how many), the matches the flooder got and
 * its actions, the p50/p99 of every API request both made, and the bars (p99 within 2 s for gnubg,
 * 300 ms for bot). Exits non-zero on an error, never on a missed bar (`"pass": false`).
 *
 * The server reads the rest of its settings from this process's environment (GNUBG_PLIES,
 * BOT_MATCHES_PER_USER, ...).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { withBenchServer } from './bench-server.js';
import { JsonClient, registerPlayer } from './http-client.js';
import { runBench } from './run-bench.js';
import type { ServerProcess } from './server-process.js';
import { SseClient } from './sse-client.js';
import { nearestRank, wholeNumberFromEnv } from './bench-figures.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const FLOOD = wholeNumberFromEnv('BENCH_FLOOD_MATCHES', 40);
const WARMUP = wholeNumberFromEnv('BENCH_WARMUP_SECONDS', 5);
const DURATION = wholeNumberFromEnv('BENCH_DURATION_SECONDS', 60);
/** The built server; this file runs as dist/bench/bench/bots-load.bench.js. */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const BOTS = ['gnubg', 'bot'] as const;
type Bot = (typeof BOTS)[number];
const BARS_MS: Readonly<Record<Bot, number>> = { gnubg: 2_000, bot: 300 };
/** How long the flooder's loop on a match rests when it may not act (it polls each match, 40 times a second). */
const IDLE_MS = 25;
/** What a player posts, by preference, of the actions it may take: it never doubles, resigns or leaves. */
const PREFERRED = ['plays', 'roll', 'take', 'resignation/accept', 'join'];

interface State {
  readonly id: string;
  readonly status: string;
  readonly version: number;
  readonly turn: { readonly player: string | null };
  readonly actions: readonly string[];
}

interface Run {
  stopped: boolean;
  measuring: boolean;
  readonly requestMs: number[];
}

/** Whether the player has one of the actions it takes (it always has `leave` or `resign` besides). */
const mayAct = (state: State): boolean => state.actions.some((name) => PREFERRED.includes(name));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number | null {
  const value = nearestRank(sorted, p);
  return value === null ? null : Math.round(value);
}

function figures(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

class Player {
  constructor(
    private readonly client: JsonClient,
    readonly token: string,
    private readonly run: Run,
  ) {}

  async send(method: 'GET' | 'POST', path: string, body?: unknown) {
    const answer = await this.client.send(method, path, this.token, body);
    if (this.run.measuring) this.run.requestMs.push(answer.ms);
    return answer;
  }

  async state(id: string): Promise<State> {
    const answer = await this.send('GET', `/api/matches/${id}`);
    if (answer.status !== 200) throw new Error(`GET match ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as State;
  }

  /** Posts one of the actions `state` allows (a random legal play for `plays`); the state after, or null when refused. */
  async act(state: State): Promise<State | null> {
    const action = PREFERRED.find((name) => state.actions.includes(name));
    if (action === undefined) throw new Error(`no action to take among ${state.actions.join(', ')}`);
    const body: Record<string, unknown> = { expectedVersion: state.version };
    if (action === 'plays') {
      const legal = await this.send('GET', `/api/matches/${state.id}/legal-plays`);
      const plays = (legal.body as { plays: { moves: unknown }[] }).plays;
      body.moves = plays[Math.floor(Math.random() * plays.length)].moves;
    }
    const answer = await this.send('POST', `/api/matches/${state.id}/${action}`, body);
    if (answer.status === 409) return null;
    if (answer.status !== 200) throw new Error(`POST ${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as State;
  }

  /** A backgammon money session against `bot`; null when refused with 409 (a cap). */
  async invite(bot: Bot): Promise<string | null> {
    const answer = await this.send('POST', '/api/matches', { opponent: bot, variant: 'backgammon', length: 0 });
    if (answer.status === 409) return null;
    if (answer.status !== 201) throw new Error(`inviting ${bot}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as State).id;
  }
}

/** The flooder's loop on one match: act whenever it may, as fast as it can. */
async function flood(player: Player, id: string, run: Run, counted: { actions: number }): Promise<void> {
  while (!run.stopped) {
    const state = await player.state(id);
    if (state.status !== 'playing' && state.status !== 'invited') return;
    if (mayAct(state)) {
      if ((await player.act(state)) !== null && run.measuring) counted.actions++;
    } else {
      await sleep(IDLE_MS);
    }
  }
}

/**
 * The person's loop on one match: each action that leaves the match waiting for the bot (not
 * between two games, where the bot pauses on purpose) is timed to the bot's first event after it.
 */
async function measured(player: Player, port: number, id: string, run: Run, samples: number[]): Promise<void> {
  const stream = await SseClient.open(port, `/api/matches/${id}/stream`, { authorization: `Bearer ${player.token}` });
  try {
    while (!run.stopped) {
      const state = await player.state(id);
      if (state.status !== 'playing' && state.status !== 'invited') return;
      if (!mayAct(state)) {
        await stream.waitFor((s) => s.events.some((e) => Number(e.id) > state.version), 60_000);
        continue;
      }
      const sent = performance.now();
      const after = await player.act(state);
      if (after === null || mayAct(after) || after.turn.player === null) continue;
      await stream.waitFor((s) => s.events.some((e) => Number(e.id) > after.version), 60_000);
      const answered = stream.events.find((e) => Number(e.id) > after.version)!;
      if (run.measuring) samples.push(answered.at - sent);
    }
  } finally {
    stream.close();
  }
}

async function bench(server: ServerProcess): Promise<number> {
  const client = new JsonClient(server.base);
  const run: Run = { stopped: false, measuring: false, requestMs: [] };
  const tag = randomBytes(3).toString('hex');
  const password = randomBytes(12).toString('hex');
  const flooder = new Player(client, await registerPlayer(client, `flooder_${tag}`, password), run);
  const person = new Player(client, await registerPlayer(client, `person_${tag}`, password), run);

  const flooded: Record<Bot, string[]> = { gnubg: [], bot: [] };
  const capped: Record<Bot, boolean> = { gnubg: false, bot: false };
  for (const bot of BOTS) {
    for (let i = 0; i < FLOOD; i++) {
      const id = await flooder.invite(bot);
      if (id === null) {
        capped[bot] = true;
        break;
      }
      flooded[bot].push(id);
    }
  }
  const own: Record<Bot, string | null> = { gnubg: await person.invite('gnubg'), bot: await person.invite('bot') };
  const counted = { actions: 0 };
  const samples: Record<Bot, number[]> = { gnubg: [], bot: [] };
  const loops = [
    ...BOTS.flatMap((bot) => flooded[bot].map((id) => flood(flooder, id, run, counted))),
    ...BOTS.flatMap((bot) => (own[bot] === null ? [] : [measured(person, server.port, own[bot], run, samples[bot])])),
  ];
  const failed: unknown[] = [];
  const all = Promise.all(loops.map((loop) => loop.catch((err: unknown) => failed.push(err))));
  await sleep(WARMUP * 1000);
  run.measuring = true;
  const cpuBefore = server.cpuMs();
  await Promise.race([sleep(DURATION * 1000), all]);
  const cpuAfter = server.cpuMs();
  run.measuring = false;
  run.stopped = true;
  await all;
  client.close();

  const bots = Object.fromEntries(
    BOTS.map((bot) => {
      const answers = figures(samples[bot]);
      return [
        bot,
        {
          floodMatches: flooded[bot].length,
          capReached: capped[bot],
          answerMs: answers,
          barMs: BARS_MS[bot],
          pass: answers.p99 === null ? null : answers.p99 <= BARS_MS[bot],
        },
      ];
    }),
  );
  const api = figures(run.requestMs);
  const line = {
    durationSeconds: DURATION,
    floodPerBot: FLOOD,
    bots,
    flooderActions: counted.actions,
    apiMs: { n: api.n, p50: api.p50, p99: api.p99 },
    serverCpuSeconds:
      cpuBefore === undefined || cpuAfter === undefined ? null : Math.round((cpuAfter - cpuBefore) / 100) / 10,
    fallbacks: (server.logTail(50_000_000).match(/bot decides this turn/g) ?? []).length,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  if (failed.length > 0) {
    process.stderr.write(`bench:bots-load: ${failed.map(String).join('\n')}\n${server.logTail(2000)}`);
    return 1;
  }
  return 0;
}

runBench('bench:bots-load', () =>
  withBenchServer(
    { name: 'bench:bots-load', main: MAIN, adminUrl: ADMIN_URL, budgetMs: (120 + WARMUP + DURATION) * 1000 },
    bench,
  ),
);
