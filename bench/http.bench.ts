/**
 * Matches played over HTTP against the built server (`npm run bench:http`).
 *
 * Starts dist/main.js as a production process on a fresh database of its own on
 * a real PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
 * request logging at its default level into a temporary file; registers players;
 * then:
 * 1. throughput: plays BENCH_MATCHES (64) matches at once to the end, each driven by one
 *    loop of a client that knows no rules (bench/match-driver.ts: it posts what `actions`
 *    lists, for `plays` a random one of `GET legal-plays`, always with expectedVersion),
 *    every loop as fast as the server answers (a closed loop: BENCH_MATCHES requests are
 *    always in flight, so latency here is mostly time spent queueing);
 * 2. latency at a given load: plays BENCH_MATCHES new matches at once to the end the same
 *    way, the loops sharing one schedule (bench/pacer.ts) that starts actions at
 *    BENCH_RATE per second (default: the bar's 500), as wrk2's -R;
 * 3. plays one money session alone, with real plays only (never a double, so never
 *    a drop or a quick resignation), until its version passes BENCH_LONG_EVENTS (2,000),
 *    then times actions on it in turns with actions on young sessions (events 5-35);
 * 4. throughput with notifications, against the same without them, one after the other on the
 *    same warm server: first BENCH_WEBHOOK_MATCHES (6 x BENCH_MATCHES) matches played as in phase 1
 *    (the reference: phase 1 itself runs on a cold server, with fewer matches); then every player
 *    registers a webhook (invitations, turns, ends) to a receiver in this process
 *    (bench/webhook-sink.ts), and as many matches are played by webhook-driven players: a player
 *    handed the turn acts once its `match.turn` has arrived (or after 2 s without it, counted; none
 *    is awaited where none is sent, after the answer to the player's own offer), so every turn is
 *    delivered while the server runs flat out. Its actions per second over the
 *    reference's is `webhooksRatio` (bar: at least 0.9);
 * 5. measures the PostgreSQL server itself with pgbench (TPC-B: `-i -s 10` into a scratch
 *    database, then `-c 16 -j 2 -T 20`), when pgbench is installed.
 * Prints ONE JSON line: `actionsPerSecond` (phase 1: the most the server does) and
 * `latencyMs` p50/p95/p99 of the actions posted (phase 2: at BENCH_RATE actions/s), with
 * both phases in full under `throughput` and `atRate` (the rate achieved, and the
 * latency at saturation too); the matches finished, errors (answers other than 200 and
 * 409, and loops that gave up), 409s, the server's CPU per action, the long session's
 * latencies and their ratio, pgbench's TPS and actionsPerSecond / TPS, and each bar
 * with pass true/false. Exits non-zero on errors only, never on a missed bar.
 * All its traffic goes to 127.0.0.1 (and to the PostgreSQL of BENCH_DATABASE_URL).
 *
 * Knobs: BENCH_SERVERS (1; more start more server processes on the one database, as nodes
 * behind a load balancer, match i played on server i mod n), BENCH_MATCHES (64), BENCH_MATCH_LENGTH (3),
 * BENCH_RATE (500), BENCH_LONG_EVENTS (2000),
 * BENCH_PGBENCH_SECONDS (20; 0 to skip pgbench), BENCH_LOG_LEVEL (the server's LOG_LEVEL;
 * its default when unset), BENCH_CPU_PROF_DIR (run the server with --cpu-prof and write
 * its profile there; see bench/profile-summary.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, type BenchDatabase } from './bench-database.js';
import { JsonClient, registerPlayer } from './http-client.js';
import { MatchDriver, type Colour, type MatchView, type PostedAction, type Seat } from './match-driver.js';
import { measurePgbench, type PgbenchFigures } from './pgbench.js';
import { productionServerEnv, startServer, type ServerProcess } from './server-process.js';
import { Pacer } from './pacer.js';
import { runBench } from './run-bench.js';
import { WebhookSink } from './webhook-sink.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { nearestRank, wholeNumberFromEnv } from './bench-figures.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MATCHES = wholeNumberFromEnv('BENCH_MATCHES', 64, 1);
const MATCH_LENGTH = wholeNumberFromEnv('BENCH_MATCH_LENGTH', 3, 1);
const RATE = wholeNumberFromEnv('BENCH_RATE', 500, 1);
const LONG_EVENTS = wholeNumberFromEnv('BENCH_LONG_EVENTS', 2000, 100);
const PGBENCH_SECONDS = wholeNumberFromEnv('BENCH_PGBENCH_SECONDS', 20, 0);
const SERVERS = wholeNumberFromEnv('BENCH_SERVERS', 1, 1);
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

/** The bars (printed with the figures). */
const BARS = { actionsPerSecond: 500, p99Ms: 50, errors: 0, longSessionRatio: 1.5, webhooksRatio: 0.9 };
/** Players registered: each plays MATCHES / PLAYERS * 2 matches, one loop per match. */
const PLAYERS = 32;
/** Actions timed at each end of the long session. */
const LONG_SAMPLE = 60;
/** The events of a young session timed as "around event 20" (its first are the joins and the opening throw). */
const EARLY_FROM = 5;
const EARLY_TO = 35;
/** Time limits of the phases: a phase past its limit stops its loops (the figures say what was done). */
const MATCHES_LIMIT_MS = 80_000;
const LONG_LIMIT_MS = 45_000;
/** How long phase 4 waits for the notifications decided before it, and after it, to be delivered. */
const DRAIN_LIMIT_MS = 120_000;

function percentile(sorted: readonly number[], p: number): number | null {
  const value = nearestRank(sorted, p);
  return value === null ? null : round(value);
}

const round = (n: number, places = 2): number => Math.round(n * 10 ** places) / 10 ** places;

function progress(message: string): void {
  process.stderr.write(`bench:http: ${message}\n`);
}

async function registerPlayers(client: JsonClient, count: number): Promise<Seat[]> {
  const password = randomBytes(12).toString('hex');
  const prefix = `b${randomBytes(3).toString('hex')}`;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const username = `${prefix}_${i}`;
      return { username, token: await registerPlayer(client, username, password) };
    }),
  );
}

/** A match of `white` against `black` (invited, then joined), white taking white. */
async function startMatch(
  client: JsonClient,
  white: Seat,
  black: Seat,
  terms: Record<string, unknown>,
): Promise<string> {
  const created = await client.send('POST', '/api/matches', white.token, {
    opponent: black.username,
    colour: 'white',
    ...terms,
  });
  if (created.status !== 201) throw new Error(`POST /api/matches: ${created.status} ${JSON.stringify(created.body)}`);
  const id = (created.body as MatchView).id;
  const joined = await client.send('POST', `/api/matches/${id}/join`, black.token, {});
  if (joined.status !== 200) throw new Error(`POST join: ${joined.status} ${JSON.stringify(joined.body)}`);
  return id;
}

interface ManyMatchesFigures {
  /** The rate the actions were started at (null: as fast as the server answers). */
  readonly offeredPerSecond: number | null;
  readonly matches: number;
  readonly matchLength: number;
  readonly seconds: number;
  readonly actions: number;
  readonly actionsPerSecond: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
  readonly matchesFinished: number;
  readonly errors: number;
  readonly conflicts: number;
  readonly serverCpuMsPerAction: number | null;
  readonly clientCpuMsPerAction: number | null;
  readonly errorSamples: string[];
}

/** The CPU time (ms) all the servers have used so far; undefined where /proc is missing. */
function serversCpuMs(servers: readonly ServerProcess[]): number | undefined {
  let total = 0;
  for (const server of servers) {
    const ms = server.cpuMs();
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
}

/**
 * Phases 1 and 2: MATCHES matches at once, each to its end, one loop each; match i on
 * server i mod SERVERS. With `rate`, the loops start their actions on one shared
 * schedule of `rate` per second; without, each goes as fast as the server answers.
 */
async function playManyMatches(
  servers: readonly ServerProcess[],
  clients: readonly JsonClient[],
  players: Seat[],
  rate: number | null,
  matches = MATCHES,
  beforeAction?: (view: MatchView) => Promise<void>,
): Promise<ManyMatchesFigures> {
  const client = clients[0];
  const ids: Array<{ id: string; seats: Record<Colour, Seat> }> = [];
  for (let i = 0; i < matches; i++) {
    const pair = i % (players.length / 2);
    const seats = { white: players[2 * pair], black: players[2 * pair + 1] };
    const variant = i % 2 === 0 ? 'backgammon' : 'long-nardy';
    ids.push({ id: await startMatch(client, seats.white, seats.black, { variant, length: MATCH_LENGTH }), seats });
  }
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let conflicts = 0;
  const onAction = (posted: PostedAction): void => {
    latencies.push(posted.ms);
    if (posted.status === 409) conflicts++;
    else if (posted.status !== 200) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${posted.action} ${posted.status} ${posted.code ?? ''}`);
    }
  };
  const deadline = Date.now() + MATCHES_LIMIT_MS;
  const stop = (): boolean => Date.now() > deadline;
  const requestCount = (): number => clients.reduce((sum, c) => sum + c.requests, 0);
  const requestsBefore = requestCount();
  const cpuBefore = serversCpuMs(servers);
  const clientCpuBefore = process.cpuUsage();
  const pacer = rate === null ? null : new Pacer(rate);
  const pace = pacer === null ? undefined : () => pacer.slot();
  const started = performance.now();
  const finals = await Promise.allSettled(
    ids.map(({ id, seats }, i) =>
      new MatchDriver(clients[i % clients.length], seats, {
        random: mulberry32(i + 1),
        doubleRate: 0.02,
        dropRate: 0.2,
        onAction,
        pace,
        stop,
        beforeAction,
      }).drive(id),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = serversCpuMs(servers);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  for (const final of finals) {
    if (final.status === 'rejected') {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(String(final.reason));
    }
  }
  latencies.sort((a, b) => a - b);
  const actions = latencies.length;
  return {
    offeredPerSecond: rate,
    matches,
    matchLength: MATCH_LENGTH,
    seconds: round(seconds, 1),
    actions,
    actionsPerSecond: Math.round(actions / seconds),
    requestsPerSecond: Math.round((requestCount() - requestsBefore) / seconds),
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    matchesFinished: finals.filter((f) => f.status === 'fulfilled' && f.value.status === 'finished').length,
    errors,
    conflicts,
    serverCpuMsPerAction:
      cpuBefore === undefined || cpuAfter === undefined || actions === 0
        ? null
        : round((cpuAfter - cpuBefore) / actions),
    clientCpuMsPerAction: actions === 0 ? null : round((clientCpu.user + clientCpu.system) / 1000 / actions),
    errorSamples,
  };
}

interface LongSessionFigures {
  readonly events: number;
  readonly games: number;
  readonly early: { readonly events: string; readonly actions: number; readonly p50Ms: number | null };
  readonly late: { readonly fromEvent: number; readonly actions: number; readonly p50Ms: number | null };
  readonly ratio: number | null;
  readonly errors: number;
}

/**
 * Phase 2: one money session, real plays only, played (untimed) until its
 * version passes LONG_EVENTS; then LONG_SAMPLE actions on it are timed, each
 * in turn with one on a young session (events EARLY_FROM..EARLY_TO; a new
 * one when it is past), so that both ends see the same load on the machine.
 */
async function playLongSession(client: JsonClient, players: Seat[]): Promise<LongSessionFigures> {
  const seats = { white: players[0], black: players[1] };
  let errors = 0;
  /** Where the next action's latency goes (null: untimed). */
  let timing: number[] | null = null;
  const driver = new MatchDriver(client, seats, {
    random: mulberry32(4242),
    doubleRate: 0,
    onAction: (posted) => {
      if (posted.status !== 200) errors++;
      else timing?.push(posted.ms);
    },
  });
  const newSession = async (): Promise<MatchView> =>
    driver.view(await startMatch(client, seats.white, seats.black, { variant: 'backgammon', length: 0 }), 'white');
  const deadline = Date.now() + LONG_LIMIT_MS;
  let long = await newSession();
  while (long.version < LONG_EVENTS && Date.now() <= deadline) long = await driver.step(long);
  const early: number[] = [];
  const late: number[] = [];
  let young = await newSession();
  while (late.length < LONG_SAMPLE && long.version >= LONG_EVENTS && Date.now() <= deadline) {
    while (young.version < EARLY_FROM) young = await driver.step(young);
    timing = early;
    young = await driver.step(young);
    timing = late;
    long = await driver.step(long);
    timing = null;
    if (young.version > EARLY_TO) young = await newSession();
  }
  const p50 = (xs: number[]): number | null =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const [earlyP50, lateP50] = [p50(early), p50(late)];
  return {
    events: long.version,
    games: long.game.number,
    early: { events: `${EARLY_FROM}-${EARLY_TO}`, actions: early.length, p50Ms: earlyP50 },
    late: { fromEvent: LONG_EVENTS, actions: late.length, p50Ms: lateP50 },
    ratio: earlyP50 === null || lateP50 === null || late.length < LONG_SAMPLE ? null : round(lateP50 / earlyP50),
    errors,
  };
}

/** A phase's figures as printed. */
function phaseFigures(phase: ManyMatchesFigures): Record<string, unknown> {
  const { errorSamples, ...figures } = phase;
  return {
    ...figures,
    requestsPerAction: phase.actions === 0 ? null : round(phase.requestsPerSecond / phase.actionsPerSecond),
    ...(errorSamples.length > 0 ? { errorSamples } : {}),
  };
}

/**
 * Phase 4's matches, in the reference and with webhooks: each player waits for its turn's webhook,
 * so more loops are needed to keep the server as busy; at 6 x BENCH_MATCHES both runs queue alike
 * (the same p50), so each is the most the server does. (At 4 x the webhook run is still short of
 * work; at 8 x the reference is past its best.)
 */
const WEBHOOK_MATCHES = wholeNumberFromEnv('BENCH_WEBHOOK_MATCHES', 6 * MATCHES, 1);
/** How long a player waits for its turn's webhook before it acts anyway (and the turn counts as not notified). */
const TURN_WEBHOOK_WAIT_MS = 2_000;

/**
 * Phase 4's players are webhook-driven bots: when the turn has just passed to a player, it waits
 * for its `match.turn` webhook (the service drops a turn's notification once it is taken, so a
 * loop acting at once would be told of almost nothing); its own further actions in the turn (the
 * play after its roll) follow at once. Counts the turns notified and those it waited out.
 */
function turnWebhookWaiter(
  sink: WebhookSink,
  waits: { notified: number; notNotified: number },
): (view: MatchView) => Promise<void> {
  const lastPlayer = new Map<string, Colour | null>();
  const lastAwaiting = new Map<string, { awaiting: string | null; game: number }>();
  return async (view) => {
    const player = view.turn.player;
    const before = lastPlayer.get(view.id);
    lastPlayer.set(view.id, player);
    const asked = lastAwaiting.get(view.id);
    lastAwaiting.set(view.id, { awaiting: view.turn.awaiting, game: view.game.number });
    if (player === null || before === undefined || before === player) return;
    // The answer to a player's own double or resignation (a take, a refusal) gives back a turn
    // they were told of: no new "your turn" comes (docs/notifications.md, "What is sent when").
    if (asked !== undefined && asked.game === view.game.number && ANSWERED.has(asked.awaiting ?? '')) return;
    if (await sink.turnDelivered(view.id, view.version, TURN_WEBHOOK_WAIT_MS)) waits.notified++;
    else waits.notNotified++;
  };
}

/** What the turn awaited before an answer to the other player's offer. */
const ANSWERED = new Set(['cube-response', 'resignation-response']);

/** Notifications not yet delivered: outbox rows and queued jobs (docs/notifications.md). */
const UNDELIVERED = `SELECT (SELECT count(*)::int FROM outbox WHERE consumer = 'notifications.match')
  + (SELECT count(*)::int FROM pgboss.job WHERE name LIKE 'notification%' AND name <> 'notification-dead'
       AND state IN ('created', 'retry', 'active') AND start_after <= now()) AS n`;

/** Waits (up to `limitMs`) until every notification decided so far is delivered; the seconds it took, null past the limit. */
async function drained(databaseUrl: string, limitMs: number): Promise<number | null> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const started = performance.now();
  try {
    while (performance.now() - started < limitMs) {
      if ((await sql.query<{ n: number }>(UNDELIVERED)).rows[0].n === 0)
        return round((performance.now() - started) / 1000, 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return null;
  } finally {
    await sql.end();
  }
}

interface WebhookFigures {
  readonly phase: ManyMatchesFigures;
  /** Seconds until the earlier phases' notifications were all delivered, before phase 4 began. */
  readonly backlogSeconds: number | null;
  /** Seconds after phase 4 until all of its notifications were delivered. */
  readonly lagAfterSeconds: number | null;
  /** Actions per second with the webhooks, over the reference's without. */
  readonly ratio: number;
  readonly deliveredDuring: number;
  readonly deliveredAfter: number;
  /** Deliveries that arrived twice with one webhook-id. */
  readonly duplicates: number;
}

/** Phase 4: `play` with a webhook registered for every player, to `sink`; compared with `without`, the reference. */
async function withEveryPlayersWebhook(
  databaseUrl: string,
  client: JsonClient,
  players: readonly Seat[],
  sink: WebhookSink,
  without: ManyMatchesFigures,
  play: () => Promise<ManyMatchesFigures>,
): Promise<WebhookFigures> {
  try {
    for (const player of players) {
      const made = await client.send('POST', '/api/users/me/webhooks', player.token, {
        url: sink.url,
        events: ['match.invitation', 'match.turn', 'match.finished'],
      });
      if (made.status !== 201) throw new Error(`POST webhooks: ${made.status} ${JSON.stringify(made.body)}`);
    }
    const backlogSeconds = await drained(databaseUrl, DRAIN_LIMIT_MS);
    const before = sink.received;
    const phase = await play();
    const deliveredDuring = sink.received - before;
    const lagAfterSeconds = await drained(databaseUrl, DRAIN_LIMIT_MS);
    return {
      phase,
      backlogSeconds,
      lagAfterSeconds,
      ratio: without.actionsPerSecond === 0 ? 0 : round(phase.actionsPerSecond / without.actionsPerSecond, 3),
      deliveredDuring,
      deliveredAfter: sink.received - before,
      duplicates: sink.received - sink.ids.size,
    };
  } finally {
    await sink.close();
  }
}

async function main(): Promise<number> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\``);
  const work = mkdtempSync(join(tmpdir(), 'nardy-bench-http-'));
  const profileDir = process.env.BENCH_CPU_PROF_DIR ? resolve(process.env.BENCH_CPU_PROF_DIR) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  let database: BenchDatabase | undefined;
  const servers: ServerProcess[] = [];
  const clients: JsonClient[] = [];
  const budgetMs =
    (90 + (4 * MATCHES_LIMIT_MS + 2 * DRAIN_LIMIT_MS) / 1000 + LONG_LIMIT_MS / 1000 + PGBENCH_SECONDS * 2 + 30) * 1000;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench:http: gave up after ${budgetMs / 1000} s\n`);
    for (const server of servers) server.kill();
    void database?.drop().finally(() => process.exit(2));
  }, budgetMs);
  try {
    database = await createBenchDatabase(ADMIN_URL);
    // Several servers are several nodes of one service (docs/architecture.md "Scale"): one database, one secret.
    const jwtSecret = randomBytes(48).toString('base64url');
    for (let n = 0; n < SERVERS; n++) {
      const server = await startServer({
        main: MAIN,
        env: productionServerEnv(database.url, work, jwtSecret),
        logFile: join(work, `server-${n}.log`),
        cpuProfileDir: profileDir,
        startTimeoutMs: 60_000,
      });
      servers.push(server);
      clients.push(new JsonClient(server.base));
    }
    const [client] = clients;
    const players = await registerPlayers(client, PLAYERS);
    progress(`${PLAYERS} players registered; ${MATCHES} matches of ${MATCH_LENGTH} points as fast as they go`);
    const many = await playManyMatches(servers, clients, players, null);
    progress(`${many.matchesFinished}/${MATCHES} finished in ${many.seconds} s; ${MATCHES} more at ${RATE} actions/s`);
    const paced = await playManyMatches(servers, clients, players, RATE);
    progress(`${paced.matchesFinished}/${MATCHES} finished in ${paced.seconds} s; the long session`);
    const long = await playLongSession(client, players);
    progress(`${WEBHOOK_MATCHES} matches as fast as they go (the reference)`);
    const reference = await playManyMatches(servers, clients, players, null, WEBHOOK_MATCHES);
    progress(
      `${reference.matchesFinished}/${WEBHOOK_MATCHES} finished in ${reference.seconds} s; again, each player with a webhook`,
    );
    const sink = await WebhookSink.start();
    const waits = { notified: 0, notNotified: 0 };
    const withWebhooks = await withEveryPlayersWebhook(database.url, client, players, sink, reference, () =>
      playManyMatches(servers, clients, players, null, WEBHOOK_MATCHES, turnWebhookWaiter(sink, waits)),
    );
    for (const server of servers) await server.stop();
    progress(`long session at event ${long.events}; pgbench`);
    const pgbench: PgbenchFigures =
      PGBENCH_SECONDS === 0
        ? { available: false, reason: 'skipped (BENCH_PGBENCH_SECONDS=0)' }
        : await measurePgbench(ADMIN_URL, { scale: 10, clients: 16, threads: 2, seconds: PGBENCH_SECONDS });

    const errors = many.errors + paced.errors + long.errors + reference.errors + withWebhooks.phase.errors;
    const pass = {
      actionsPerSecond: many.actionsPerSecond >= BARS.actionsPerSecond,
      p99AtRate: paced.latencyMs.p99 !== null && paced.latencyMs.p99 < BARS.p99Ms,
      errors: errors === BARS.errors,
      longSession: long.ratio !== null && long.ratio <= BARS.longSessionRatio,
      webhooks: withWebhooks.ratio >= BARS.webhooksRatio,
    };
    const line = {
      actionsPerSecond: many.actionsPerSecond,
      latencyMs: paced.latencyMs,
      latencyAtActionsPerSecond: RATE,
      matchesFinished: many.matchesFinished + paced.matchesFinished,
      matchesPlayed: 2 * MATCHES,
      errors,
      conflicts: many.conflicts + paced.conflicts,
      servers: SERVERS,
      variants: 'backgammon and long-nardy, half each',
      throughput: phaseFigures(many),
      atRate: phaseFigures(paced),
      longSession: long,
      withoutWebhooks: phaseFigures(reference),
      withWebhooks: {
        ...phaseFigures(withWebhooks.phase),
        webhooksRatio: withWebhooks.ratio,
        backlogDrainedBeforeSeconds: withWebhooks.backlogSeconds,
        deliveriesDuringPhase: withWebhooks.deliveredDuring,
        deliveriesOnceDrained: withWebhooks.deliveredAfter,
        drainedAfterPhaseSeconds: withWebhooks.lagAfterSeconds,
        duplicates: withWebhooks.duplicates,
        turnsAwaited: waits,
      },
      pgbench,
      actionsPerPgbenchTps: pgbench.available ? round(many.actionsPerSecond / pgbench.tps, 3) : null,
      bars: BARS,
      pass: { ...pass, all: Object.values(pass).every(Boolean) },
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    if (errors > 0) {
      process.stderr.write(`bench:http: ${errors} errors\n${servers.map((server) => server.logTail(2000)).join('\n')}`);
      return 1;
    }
    return 0;
  } finally {
    clearTimeout(watchdog);
    for (const c of clients) c.close();
    for (const server of servers) await server.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench('bench:http', main);
