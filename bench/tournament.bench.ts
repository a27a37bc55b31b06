/**
 * A knock-out of 256 players played to its champion over HTTP (`npm run bench:tournament`; issue 26,
 * docs/tournaments.md "Progress").
 *
 * Starts dist/main.js as a production process on a fresh database of its own (BENCH_DATABASE_URL,
 * default postgresql://postgres@127.0.0.1:5432/postgres), the house bots' worker off
 * (BOTS_ENABLED=false unless set), passwords hashed at the tests' floor. Registers an organiser
 * and BENCH_PLAYERS (256) players, creates a knock-out of 1-point backgammon matches (3 days a
 * turn), has everyone enter, one at a time, and starts it. Then a driver plays it to its champion through the API only: it follows the log
 * (GET /api/tournaments/{id}/events?after=…, every BENCH_POLL_MS, 10), and BENCH_LANES (1) lanes
 * each take a match under way at random, have one of its players (at random: a PRNG seeded with
 * BENCH_SEED, 26) leave it, a forfeit, and wait for the log to record its result. Each result is
 * a step of the tournament: the relay records `match-finished` and `advanced`, and once both
 * players of the next match are known, creates it (`match-created`); the last one `finished`.
 * Whatever else the service does on a step (its notifications) is counted in it too.
 *
 * Measured: the wall time from the first leave to the champion; the CPU time per step of the
 * server process and, where PostgreSQL runs on this machine, of the database's backends (client
 * backends; autovacuum's apart), over the whole and over successive windows of BENCH_WINDOW (32)
 * results in order, to show whether a step's cost grows with the matches already finished (the
 * bars: the last window's CPU a step within 1.5 times the first's, for the server and for the
 * database); each step's time from the leave to its result and, for the leave that completes a
 * pair, to the next match's creation, from the events' own instants. The driver's reads of the log
 * cost the server and the database too: what one costs is measured after the run (beside a read of
 * the whole tournament and of /health) and taken off for the `net…` figures. Also: the entries
 * (each rewrites the tournament) and the start (the first round's matches created). The result is
 * checked: the champion is the winner of the final (as GET /api/matches/{id} tells it), every match
 * was won by the player the driver did not make leave, and the log holds one `match-created` and
 * one `match-finished` per match (BENCH_PLAYERS − 1). ONE JSON line; progress on stderr; exits
 * non-zero on an error, never on a missed bar (`"pass": false`). BENCH_CPU_PROF_DIR: the server
 * runs with --cpu-prof and writes its profile there (bench/profile-summary.ts). Speeds swing
 * between runs on a shared machine: compare a run's windows with each other, not times across runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TournamentEvent } from '../src/engine/index.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { nearestRank, wholeNumberFromEnv } from './bench-figures.js';
import { withBenchServer } from './bench-server.js';
import { DatabaseCpu, databaseOfUser } from './database-cpu.js';
import { JsonClient, registerPlayer, type JsonAnswer } from './http-client.js';
import { runBench } from './run-bench.js';
import type { ServerProcess } from './server-process.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const PLAYERS = wholeNumberFromEnv('BENCH_PLAYERS', 256, 2);
const LANES = wholeNumberFromEnv('BENCH_LANES', 1);
const SEED = wholeNumberFromEnv('BENCH_SEED', 26, 0);
const POLL_MS = wholeNumberFromEnv('BENCH_POLL_MS', 10);
const WINDOW = wholeNumberFromEnv('BENCH_WINDOW', 32);
/** Where the server writes its CPU profile (see bench/profile-summary.ts); none when unset. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR ? resolve(process.env.BENCH_CPU_PROF_DIR) : undefined;
/** The built server; this file runs as dist/bench/bench/tournament.bench.js. */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
/** The last window's CPU a step over the first's, at most. */
const FLAT_BAR = 1.5;
/** Registrations (a password hash each) at a time. */
const REGISTER_LANES = 4;
/** A driver that sees no new event for this long gives up. */
const STALL_MS = 60_000;
/** Requests of each kind timed after the run, to know what the driver's reads cost the server. */
const CALIBRATION_READS = 200;

// The server's settings (it reads this process's environment): no house bots; the relay wakes on
// every match write, and looks every second besides; the 257 accounts' password hashes at the floor
// the tests use (OWASP's lowest argon2id setting), as they are not what is measured.
process.env.BOTS_ENABLED ??= 'false';
process.env.TOURNAMENTS_POLL_MS ??= '1000';
process.env.PASSWORD_HASH_MEMORY_KIB ??= '19456';
process.env.PASSWORD_HASH_PASSES ??= '2';

/** An event as GET …/events answers it. */
interface LoggedEvent {
  readonly version: number;
  readonly type: TournamentEvent['type'];
  readonly event: TournamentEvent;
  readonly at: string;
}

interface MatchView {
  readonly slot: number;
  readonly matchId: string | null;
  readonly players: readonly [string | null, string | null];
  readonly winner: string | null;
  readonly decidedBy: 'match' | 'bye' | 'walkover' | null;
}

interface TournamentView {
  readonly id: string;
  readonly status: string;
  readonly champion: string | null;
  readonly rounds: readonly { readonly number: number; readonly matches: readonly MatchView[] }[];
}

/** One match of the draw as the driver follows it. */
interface Played {
  readonly matchId: string;
  readonly round: number;
  readonly slot: number;
  readonly players: readonly [string, string];
  readonly createdAt: number;
  leaveAt?: number;
  /** The player the driver did not make leave. */
  expected?: string;
  /** From the log: the winner, when its result was recorded, and that event's version. */
  winner?: string;
  finishedAt?: number;
  finishedVersion?: number;
}

/** Cumulative figures at a point of a run: CPU ms of the server, the database's client backends and its others (autovacuum). */
interface Mark {
  /** Results (or entries) so far. */
  readonly count: number;
  /** When (ms): an event's instant, or performance.now(). */
  readonly at: number;
  readonly cpuMs: number | null;
  readonly dbCpuMs: number | null;
  readonly vacuumCpuMs: number | null;
  readonly reads: number;
}

/** What one of the driver's reads of the log costs the server and the database (CPU ms). */
interface ReadCost {
  readonly cpuMs: number | null;
  readonly dbCpuMs: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

function percentiles(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => {
    const value = nearestRank(sorted, p);
    return value === null ? null : round1(value);
  };
  return { n: sorted.length, p50: at(50), p99: at(99), max: at(100) };
}

function expectStatus(answer: JsonAnswer, status: number, what: string): unknown {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `run` over `items`, `lanes` at a time. */
async function inParallel<T>(items: readonly T[], lanes: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

/** The server's (and the database's) CPU now, and the driver's reads so far. */
class Meter {
  reads = 0;
  constructor(
    private readonly server: ServerProcess,
    private readonly database: DatabaseCpu | null,
  ) {}

  async mark(count: number, at = performance.now()): Promise<Mark> {
    const db = this.database === null ? null : await this.database.ms();
    return {
      count,
      at,
      cpuMs: this.server.cpuMs() ?? null,
      dbCpuMs: db?.clients ?? null,
      vacuumCpuMs: db?.others ?? null,
      reads: this.reads,
    };
  }

  /** The server's and the database's CPU ms for each of `count` calls of `request`, one after another. */
  async each(count: number, request: () => Promise<void>): Promise<ReadCost> {
    const before = await this.mark(0);
    for (let i = 0; i < count; i++) await request();
    const after = await this.mark(count);
    const per = (x: number | null) => (x === null ? null : round2(x / count));
    return { cpuMs: per(minus(after.cpuMs, before.cpuMs)), dbCpuMs: per(minus(after.dbCpuMs, before.dbCpuMs)) };
  }
}

const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

/**
 * The figures of what happened between two marks, for each of its `count` (results, entries):
 * wall ms, and the CPU ms of the server, of the database's client backends (both also net of the
 * driver's reads, at `read`) and of its autovacuum.
 */
function between(from: Mark, to: Mark, read: ReadCost) {
  const n = to.count - from.count;
  const reads = to.reads - from.reads;
  const each = (x: number | null) => (x === null ? null : round2(x / n));
  const net = (x: number | null, cost: number | null) => (x === null || cost === null ? null : x - reads * cost);
  const cpu = minus(to.cpuMs, from.cpuMs);
  const db = minus(to.dbCpuMs, from.dbCpuMs);
  return {
    n,
    wallMsEach: round1((to.at - from.at) / n),
    cpuMsEach: each(cpu),
    netCpuMsEach: each(net(cpu, read.cpuMs)),
    dbCpuMsEach: each(db),
    netDbCpuMsEach: each(net(db, read.dbCpuMs)),
    vacuumCpuMsEach: each(minus(to.vacuumCpuMs, from.vacuumCpuMs)),
    readsEach: round1(reads / n),
  };
}

/** Each window between successive marks (`between`), `label` naming what it holds. */
function windows(marks: readonly Mark[], read: ReadCost, label: (from: number, to: number) => string) {
  return marks
    .slice(1)
    .map((mark, i) => ({ of: label(marks[i].count + 1, mark.count), ...between(marks[i], mark, read) }));
}

/** The last window's figure over the first's (by `pick`); null when either is missing. */
function lastOverFirst<T>(list: readonly T[], pick: (w: T) => number | null): number | null {
  if (list.length < 2) return null;
  const first = pick(list[0]);
  const last = pick(list[list.length - 1]);
  return first === null || last === null || first <= 0 ? null : round2(last / first);
}

/** The tournament's log as the driver reads it: every event, in order, from GET …/events. */
class LogReader {
  version = 0;
  constructor(
    private readonly client: JsonClient,
    private readonly meter: Meter,
    private readonly id: string,
  ) {}

  /** The events after the last read (none: nothing new). */
  async read(): Promise<LoggedEvent[]> {
    this.meter.reads++;
    const answer = await this.client.send(
      'GET',
      `/api/tournaments/${this.id}/events?after=${this.version}&limit=1000`,
      null,
    );
    const { events } = expectStatus(answer, 200, 'GET …/events') as { events: LoggedEvent[] };
    for (const e of events) {
      if (e.version !== this.version + 1) throw new Error(`the log skips from ${this.version} to ${e.version}`);
      this.version = e.version;
    }
    return events;
  }
}

/** What the driver knows and does: the matches under way, the lanes that end them, the marks of the run. */
class Driver {
  readonly byId = new Map<string, Played>();
  private readonly bySlot = new Map<string, Played>();
  /** Who goes on from each slot (`advanced`), by username. */
  private readonly goesOn = new Map<string, string>();
  private readonly names = new Map<string, string>();
  private readonly underWay: Played[] = [];
  private readonly results = new Map<string, () => void>();
  private wakeLanes: (() => void) | null = null;
  readonly marks: Mark[] = [];
  finished = 0;
  championAt: number | null = null;
  champion: string | null = null;
  failure: Error | null = null;

  constructor(
    private readonly client: JsonClient,
    private readonly log: LogReader,
    private readonly meter: Meter,
    private readonly tokens: ReadonlyMap<string, string>,
    private readonly random: () => number,
    private readonly firstRound: readonly MatchView[],
    private readonly matches: number,
  ) {}

  private key(round: number, slot: number): string {
    return `${round}:${slot}`;
  }

  /** The match of a slot, once created. */
  played(round: number, slot: number): Played | undefined {
    return this.bySlot.get(this.key(round, slot));
  }

  /** The players of a slot: round 1's from the draw at the start, a later one's from who went on. */
  private playersOf(round: number, slot: number): [string, string] {
    const players =
      round === 1
        ? this.firstRound.find((m) => m.slot === slot)?.players
        : [this.goesOn.get(this.key(round - 1, 2 * slot)), this.goesOn.get(this.key(round - 1, 2 * slot + 1))];
    const [white, black] = players ?? [];
    if (typeof white !== 'string' || typeof black !== 'string')
      throw new Error(`round ${round} match ${slot}: players not known (${JSON.stringify(players)})`);
    return [white, black];
  }

  /** Takes in the events read; marks each WINDOW-th result. */
  async take(events: readonly LoggedEvent[]): Promise<void> {
    for (const { event, at, version } of events) {
      const instant = Date.parse(at);
      switch (event.type) {
        case 'entered':
          this.names.set(event.player.id, event.player.username);
          break;
        case 'match-created': {
          const played: Played = {
            matchId: event.matchId,
            round: event.round,
            slot: event.slot,
            players: this.playersOf(event.round, event.slot),
            createdAt: instant,
          };
          this.byId.set(played.matchId, played);
          this.bySlot.set(this.key(played.round, played.slot), played);
          this.underWay.push(played);
          break;
        }
        case 'match-finished': {
          const played = this.byId.get(event.matchId);
          if (played === undefined) throw new Error(`a result for ${event.matchId}, a match not created`);
          played.winner = this.names.get(event.winner) ?? event.winner;
          played.finishedAt = instant;
          played.finishedVersion = version;
          this.finished++;
          if (this.finished % WINDOW === 0 || this.finished === this.matches) {
            this.marks.push(await this.meter.mark(this.finished, instant));
          }
          this.results.get(event.matchId)?.();
          break;
        }
        case 'advanced':
          if (event.player !== null)
            this.goesOn.set(this.key(event.round, event.slot), this.names.get(event.player) ?? event.player);
          break;
        case 'finished':
          this.champion = event.champion === null ? null : (this.names.get(event.champion) ?? event.champion);
          this.championAt = instant;
          break;
        default:
          break;
      }
    }
    if (events.length > 0) this.wake();
  }

  private wake(): void {
    const wake = this.wakeLanes;
    this.wakeLanes = null;
    wake?.();
  }

  private get over(): boolean {
    return this.championAt !== null || this.failure !== null;
  }

  /** Follows the log until the champion. */
  async follow(): Promise<void> {
    let lastNews = Date.now();
    while (!this.over) {
      const events = await this.log.read();
      if (events.length > 0) lastNews = Date.now();
      else if (Date.now() - lastNews > STALL_MS)
        throw new Error(`no new event in ${STALL_MS / 1000} s after version ${this.log.version}`);
      await this.take(events);
      if (!this.over) await sleep(POLL_MS);
    }
  }

  /** A lane: takes a match under way at random, makes one of its players leave, waits for its result; until the champion. */
  async lane(): Promise<void> {
    while (!this.over) {
      if (this.underWay.length === 0) {
        await new Promise<void>((resolve) => {
          const before = this.wakeLanes;
          this.wakeLanes = () => {
            before?.();
            resolve();
          };
        });
        continue;
      }
      const [played] = this.underWay.splice(Math.floor(this.random() * this.underWay.length), 1);
      const leaver = this.random() < 0.5 ? 0 : 1;
      played.expected = played.players[1 - leaver];
      const recorded = new Promise<void>((resolve) => this.results.set(played.matchId, resolve));
      played.leaveAt = Date.now();
      const answer = await this.client.send(
        'POST',
        `/api/matches/${played.matchId}/leave`,
        this.tokens.get(played.players[leaver]) ?? null,
        {},
      );
      expectStatus(answer, 200, `${played.players[leaver]} leaving ${played.matchId}`);
      if (played.winner === undefined) await recorded;
    }
  }

  /** The follower and the lanes until the champion (or the first failure). */
  async run(): Promise<void> {
    const guard = <T>(task: Promise<T>) =>
      task.catch((err: unknown) => {
        this.failure ??= err instanceof Error ? err : new Error(String(err));
        this.wake();
        for (const resolve of this.results.values()) resolve();
      });
    await Promise.all([guard(this.follow()), ...Array.from({ length: LANES }, () => guard(this.lane()))]);
    if (this.failure !== null) throw this.failure;
  }
}

async function bench(server: ServerProcess): Promise<number> {
  const client = new JsonClient(server.base);
  const tag = randomBytes(3).toString('hex');
  const password = randomBytes(12).toString('hex');
  const organiserName = `org_${tag}`;
  const organiser = await registerPlayer(client, organiserName, password);
  const databaseName = await databaseOfUser(ADMIN_URL, organiserName);
  const database = databaseName === null ? null : await DatabaseCpu.open(ADMIN_URL, databaseName);
  const meter = new Meter(server, database);
  try {
    // Players.
    process.stderr.write(`bench:tournament: registering ${PLAYERS} players\n`);
    const names = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(3, '0')}_${tag}`);
    const tokens = new Map<string, string>();
    const registering = performance.now();
    await inParallel(names, REGISTER_LANES, async (name) => {
      tokens.set(name, await registerPlayer(client, name, password));
    });
    const registerMs = performance.now() - registering;

    // The tournament, its entries one at a time.
    const created = expectStatus(
      await client.send('POST', '/api/tournaments', organiser, {
        name: `Bench knock-out ${tag}`,
        format: 'knockout',
        variant: 'backgammon',
        lengths: [1],
        maxPlayers: PLAYERS,
        daysPerTurn: 3,
      }),
      201,
      'POST /api/tournaments',
    ) as TournamentView;
    const id = created.id;
    process.stderr.write(`bench:tournament: ${PLAYERS} entries\n`);
    const entryMarks: Mark[] = [await meter.mark(0)];
    const entryMs: number[] = [];
    for (const [i, name] of names.entries()) {
      const answer = await client.send('POST', `/api/tournaments/${id}/entries`, tokens.get(name) ?? null, {});
      expectStatus(answer, 200, `${name} entering`);
      entryMs.push(answer.ms);
      if ((i + 1) % WINDOW === 0 || i + 1 === PLAYERS) entryMarks.push(await meter.mark(i + 1));
    }

    // The start: the first round drawn, its matches created by the relay.
    const log = new LogReader(client, meter, id);
    const before = await log.read();
    const startMark = await meter.mark(0);
    const startSent = Date.now();
    const started = expectStatus(
      await client.send('POST', `/api/tournaments/${id}/start`, organiser, {}),
      200,
      'POST …/start',
    ) as TournamentView;
    const firstRound = started.rounds[0].matches;
    const firstMatches = firstRound.filter((m) => m.decidedBy === null).length;
    const matches = PLAYERS - 1;
    const driver = new Driver(client, log, meter, tokens, mulberry32(SEED), firstRound, matches);
    await driver.take(before);
    let firstCreatedAt = startSent;
    for (let lastNews = Date.now(); driver.byId.size < firstMatches; await sleep(POLL_MS)) {
      const events = await log.read();
      await driver.take(events);
      if (events.length > 0) lastNews = Date.now();
      else if (Date.now() - lastNews > STALL_MS)
        throw new Error(`the first round's matches: ${driver.byId.size} created`);
      for (const e of events)
        if (e.type === 'match-created') firstCreatedAt = Math.max(firstCreatedAt, Date.parse(e.at));
    }
    const startedMark = await meter.mark(firstMatches);

    // Play, to the champion.
    process.stderr.write(`bench:tournament: playing ${matches} matches, ${LANES} at a time\n`);
    driver.marks.push(await meter.mark(0, Date.now()));
    const playStart = Date.now();
    await driver.run();
    const playEnd = await meter.mark(matches, driver.championAt ?? Date.now());
    const wallMs = (driver.championAt ?? Date.now()) - playStart;

    // What the driver's reads cost: a read of the log with nothing new, as it mostly was; and, to
    // compare, a read of the whole tournament and of /health.
    const read = await meter.each(CALIBRATION_READS, async () => {
      const path = `/api/tournaments/${id}/events?after=${log.version}&limit=1000`;
      expectStatus(await client.send('GET', path, null), 200, 'GET …/events');
    });
    let viewBytes = 0;
    const view = await meter.each(CALIBRATION_READS / 4, async () => {
      const answer = await client.send('GET', `/api/tournaments/${id}`, null);
      viewBytes = JSON.stringify(expectStatus(answer, 200, 'GET tournament')).length;
    });
    const health = await meter.each(CALIBRATION_READS, async () => {
      expectStatus(await client.send('GET', '/health', null), 200, 'GET /health');
    });

    // Checks: the champion, the winners, the log.
    const over = expectStatus(
      await client.send('GET', `/api/tournaments/${id}`, null),
      200,
      'GET tournament',
    ) as TournamentView;
    const finalSlot = over.rounds[over.rounds.length - 1].matches[0];
    const finalMatch = expectStatus(
      await client.send('GET', `/api/matches/${finalSlot.matchId}`, null),
      200,
      'GET the final',
    ) as {
      result: { winner: 'white' | 'black' | null } | null;
      players: Record<'white' | 'black', { username: string } | null>;
    };
    const finalColour = finalMatch.result?.winner ?? null;
    const finalWinner = finalColour === null ? null : (finalMatch.players[finalColour]?.username ?? null);
    const decided = over.rounds.flatMap((r) => r.matches.filter((m) => m.decidedBy === 'match'));
    const asDriven = decided.filter((m) => m.matchId !== null && driver.byId.get(m.matchId)?.expected === m.winner);
    const counts: Record<string, number> = {};
    let versions = 0;
    let contiguous = true;
    for (let after = 0; ;) {
      const answer = await client.send('GET', `/api/tournaments/${id}/events?after=${after}&limit=1000`, null);
      const { events } = expectStatus(answer, 200, 'GET …/events') as { events: LoggedEvent[] };
      if (events.length === 0) break;
      for (const e of events) {
        contiguous &&= e.version === ++versions;
        counts[e.type] = (counts[e.type] ?? 0) + 1;
      }
      after = events[events.length - 1].version;
    }

    // Figures.
    const played = [...driver.byId.values()];
    const resultMs = played.flatMap((p) =>
      p.leaveAt === undefined || p.finishedAt === undefined ? [] : [p.finishedAt - p.leaveAt],
    );
    // The next match of a pair is created after the later of its two results: from that leave.
    const nextMatchMs = played.flatMap((p) => {
      if (p.round === 1) return [];
      const feeders = [driver.played(p.round - 1, 2 * p.slot), driver.played(p.round - 1, 2 * p.slot + 1)];
      const last = feeders.reduce<Played | undefined>(
        (a, b) => ((a?.finishedVersion ?? -1) > (b?.finishedVersion ?? -1) ? a : b),
        undefined,
      );
      return last?.leaveAt === undefined ? [] : [p.createdAt - last.leaveAt];
    });
    const final = driver.played(over.rounds.length, 0);
    // The rounds of the results in order, to name what each window holds.
    const roundsInOrder = played
      .filter((p) => p.finishedVersion !== undefined)
      .sort((a, b) => a.finishedVersion! - b.finishedVersion!)
      .map((p) => p.round);
    const playWindows = windows(driver.marks, read, (from, to) => {
      const rounds = roundsInOrder.slice(from - 1, to);
      const [low, high] = [Math.min(...rounds), Math.max(...rounds)];
      return `results ${from}-${to} (round${low === high ? ` ${low}` : `s ${low}-${high}`})`;
    });
    const entryWindows = windows(entryMarks, read, (from, to) => `entries ${from}-${to}`);
    const flat = {
      cpu: lastOverFirst(playWindows, (w) => w.cpuMsEach),
      netCpu: lastOverFirst(playWindows, (w) => w.netCpuMsEach),
      dbCpu: lastOverFirst(playWindows, (w) => w.dbCpuMsEach),
      netDbCpu: lastOverFirst(playWindows, (w) => w.netDbCpuMsEach),
      wall: lastOverFirst(playWindows, (w) => w.wallMsEach),
    };
    const serverFlat = flat.netCpu ?? flat.cpu;
    const databaseFlat = flat.netDbCpu ?? flat.dbCpu;
    const bars = {
      champion:
        over.status === 'finished' &&
        over.champion !== null &&
        over.champion === finalWinner &&
        over.champion === driver.champion,
      winnersAsDriven: asDriven.length === matches,
      log:
        contiguous &&
        counts['match-finished'] === matches &&
        counts['match-created'] === matches &&
        counts.finished === 1,
      stepCostFlat: serverFlat === null ? null : serverFlat < FLAT_BAR,
      dbStepCostFlat: databaseFlat === null ? null : databaseFlat < FLAT_BAR,
    };
    const line = {
      players: PLAYERS,
      lanes: LANES,
      seed: SEED,
      pollMs: POLL_MS,
      registerMsEach: round1(registerMs / PLAYERS),
      entries: {
        ms: percentiles(entryMs),
        ...between(entryMarks[0], entryMarks[entryMarks.length - 1], read),
        cpuLastOverFirst: lastOverFirst(entryWindows, (w) => w.cpuMsEach),
        windows: entryWindows,
      },
      start: {
        msToLastMatch: firstCreatedAt - startSent,
        ...between(startMark, startedMark, read),
      },
      play: {
        wallMs,
        ...between(driver.marks[0], playEnd, read),
        resultMs: percentiles(resultMs),
        nextMatchMs: percentiles(nextMatchMs),
        championMs:
          final?.leaveAt === undefined || driver.championAt === null ? null : driver.championAt - final.leaveAt,
      },
      windows: playWindows,
      lastOverFirst: flat,
      reads: { events: read, tournament: { ...view, bytes: viewBytes }, health },
      checks: {
        champion: over.champion,
        finalWinner,
        decidedByMatch: decided.length,
        winnersAsDriven: asDriven.length,
        events: counts,
        contiguous,
      },
      bars,
      pass: Object.values(bars).every((bar) => bar !== false),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    return 0;
  } finally {
    client.close();
    await database?.close();
  }
}

runBench('bench:tournament', () => {
  if (PROFILE_DIR !== undefined) mkdirSync(PROFILE_DIR, { recursive: true });
  return withBenchServer(
    {
      name: 'bench:tournament',
      main: MAIN,
      adminUrl: ADMIN_URL,
      budgetMs: 30 * 60_000,
      cpuProfileDir: PROFILE_DIR,
    },
    bench,
  );
});
