/**
 * History, interchange, pictures and live streams at scale (`npm run bench:history`).
 *
 * On a fresh database of its own on a real PostgreSQL (BENCH_DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres), seeds BENCH_HISTORY_MATCHES (100,000)
 * finished matches among 1,000 players with their whole event logs: the logs are those
 * of matches played by the engine with random legal plays (both variants; 1, 3, 5 and 7
 * points in the proportions 4:3:2:1) plus one money session of 25 games, copied onto the
 * seeded matches in SQL, each with its finished-match log row; the database is then vacuumed, as a
 * served one stands. Then starts two production servers on it (as two nodes) and
 * times, after BENCH_HISTORY_WARMUP (50) untimed ones, BENCH_HISTORY_SAMPLES (300) requests each, 4 at a time:
 * - a player's history page (`GET /api/users/{username}/matches`, 20 a page);
 * - a finished match's `export.mat` (backgammon);
 * - `positions/{seq}` in the middle of the 25-game session;
 * - `board.svg` of a finished match after a random event;
 * and the delivery of live events: a match played through one server while a stream is
 * open on the other, the delay from sending each action to its event arriving on the
 * stream (an upper bound of the delay from its commit).
 * Prints ONE JSON line with p50/p99 of each, the seeding time and each bar with pass
 * true/false. Exits non-zero on errors only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createBenchDatabase, type BenchDatabase } from './bench-database.js';
import { JsonClient, registerPlayer } from './http-client.js';
import { MatchDriver, type MatchView } from './match-driver.js';
import { runBench } from './run-bench.js';
import { productionServerEnv, startServer, type ServerProcess } from './server-process.js';
import { SseClient } from './sse-client.js';
import { mulberry32, playRandomMatch, type Played } from '../src/engine/testing/index.js';
import type { MatchEvent, MatchState } from '../src/engine/index.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MATCHES = wholeNumber('BENCH_HISTORY_MATCHES', 100_000);
const SAMPLES = wholeNumber('BENCH_HISTORY_SAMPLES', 300);
/** Requests of each kind made first and not timed: the server's code paths compiled, its pools filled. */
const WARMUP = wholeNumber('BENCH_HISTORY_WARMUP', 50);
const PLAYERS = 1_000;
const IN_FLIGHT = 4;
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const BARS = { p99Ms: 50, sseP99Ms: 100 };

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1 (got ${raw})`);
  return n;
}

const round = (n: number): number => Math.round(n * 100) / 100;

function percentiles(samples: number[]): { p50: number | null; p99: number | null; n: number } {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (p: number): number | null =>
    sorted.length === 0 ? null : round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { p50: at(50), p99: at(99), n: sorted.length };
}

function progress(message: string): void {
  process.stderr.write(`bench:history: ${message}\n`);
}

/** A played match whose log the seeded matches copy. */
interface Template {
  readonly played: Played;
  readonly final: MatchState;
  /** Seeded matches take templates by weight: how many tenths of them. */
  readonly length: number;
}

/** The templates: random matches of each length and variant, and the 25-game session (last). */
function templates(): Template[] {
  const made: Template[] = [];
  let seed = 1;
  for (const variant of ['backgammon', 'long-nardy'] as const) {
    for (const length of [1, 3, 5, 7]) {
      for (let i = 0; i < 4; i++) {
        const played = playRandomMatch({ variant, length }, seed++, {
          maxEvents: 5_000,
          timeouts: false,
          keepStates: false,
        });
        const final = played.states[played.states.length - 1];
        if (final.status === 'finished') made.push({ played, final, length });
      }
    }
  }
  const session = playRandomMatch({ variant: 'backgammon', length: 0 }, 25_25, {
    maxEvents: 20_000,
    maxGames: 25,
    timeouts: false,
    keepStates: false,
  });
  made.push({ played: session, final: session.states[session.states.length - 1], length: 0 });
  return made;
}

const byColourOf = (event: MatchEvent): string | null =>
  'by' in event ? event.by : event.type === 'join' ? event.colour : null;

/** Seeds PLAYERS users and MATCHES finished matches with their logs; answers the session's id and a few ids to sample. */
async function seed(url: string, made: Template[]): Promise<{ sessionId: string; sessionEvents: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The seed writes rows as they stand after play, triggers off (it is a superuser's session).
    await client.query(`SET session_replication_role = replica`);
    await client.query(
      `INSERT INTO users (id, username, username_key, password_hash, updated_at, experience)
       SELECT gen_random_uuid(), 'h' || lpad(g::text, 4, '0'), 'h' || lpad(g::text, 4, '0'), 'x', now(), 1
         FROM generate_series(1, ${PLAYERS}) AS g`,
    );
    await client.query(`CREATE UNLOGGED TABLE bench_templates (t int PRIMARY KEY, variant varchar(16), length int,
      rules jsonb, version int, score_white int, score_black int, winner varchar(5), end_reason varchar(16), games int)`);
    await client.query(`CREATE UNLOGGED TABLE bench_template_events (t int, seq int, type varchar(24),
      by_colour varchar(5), data jsonb, PRIMARY KEY (t, seq))`);
    for (const [t, { played, final }] of made.entries()) {
      const result = final.phase.kind === 'match-over' ? final.phase.result : null;
      await client.query('INSERT INTO bench_templates VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        t,
        final.config.variant,
        final.config.length,
        JSON.stringify(final.config.rules),
        played.events.length,
        final.progress.score.white,
        final.progress.score.black,
        result?.winner ?? null,
        result?.reason ?? 'points',
        final.game.number,
      ]);
      const rows = played.events.map((event, i) => ({
        seq: i + 1,
        type: event.type,
        by_colour: byColourOf(event),
        data: event,
      }));
      await client.query(
        `INSERT INTO bench_template_events (t, seq, type, by_colour, data)
         SELECT $1, r.seq, r.type, r.by_colour, r.data
           FROM jsonb_to_recordset($2::jsonb) AS r(seq int, type varchar, by_colour varchar, data jsonb)`,
        [t, JSON.stringify(rows)],
      );
    }
    const session = made.length - 1;
    // Each seeded match takes a template of a length by weight (1:4, 3:3, 5:2, 7:1 tenths), varying within it.
    const byLength = (length: number): number[] =>
      made.flatMap((m, t) => (m.length === length && t !== session ? [t] : []));
    const pick = [1, 1, 1, 1, 3, 3, 3, 5, 5, 7].map((length) => byLength(length));
    await client.query(
      `CREATE UNLOGGED TABLE bench_seeded (id uuid PRIMARY KEY, t int, white int, black int, at timestamptz)`,
    );
    await client.query(
      `INSERT INTO bench_seeded
       SELECT gen_random_uuid(), (($1::jsonb -> (g % 10)) ->> ((g / 10) % jsonb_array_length($1::jsonb -> (g % 10))))::int,
              (g::bigint * 7919) % ${PLAYERS}, (g::bigint * 104729 + 1 + (g % 997)) % ${PLAYERS},
              now() - g * interval '5 minutes'
         FROM generate_series(1, ${MATCHES - 1}) AS g`,
      [JSON.stringify(pick)],
    );
    const sessionId = (
      await client.query<{ id: string }>(
        `INSERT INTO bench_seeded VALUES (gen_random_uuid(), $1, 1, 2, now()) RETURNING id`,
        [session],
      )
    ).rows[0].id;
    await client.query(`UPDATE bench_seeded SET black = (black + 1) % ${PLAYERS} WHERE black = white`);
    await client.query(
      `WITH players AS (SELECT array_agg(id ORDER BY username) AS ids FROM users)
       INSERT INTO matches (id, variant, length, rules, status, creator_id, white_id, black_id, version,
                            dice_commitment, dice_seed, winner, end_reason, score_white, score_black, game_number,
                            rated, created_at, updated_at, finished_at)
       SELECT s.id, t.variant, t.length, t.rules, 'finished', players.ids[s.white + 1], players.ids[s.white + 1],
              players.ids[s.black + 1], t.version, repeat('0', 64), repeat('0', 64), t.winner, t.end_reason,
              t.score_white, t.score_black, t.games, t.length > 0, s.at, s.at, s.at + interval '1 hour'
         FROM bench_seeded s JOIN bench_templates t ON t.t = s.t, players`,
    );
    await client.query(
      `INSERT INTO match_events (match_id, seq, type, by_colour, data, created_at)
       SELECT s.id, e.seq, e.type, e.by_colour, e.data, s.at
         FROM bench_seeded s JOIN bench_template_events e ON e.t = s.t`,
    );
    // Each finished match's log row, as the database writes it when a match finishes (match_log_of), made once
    // per template with its events' time left to fill in per match: the trigger was off for this session, since
    // the matches were inserted before their events.
    await client.query(
      `CREATE UNLOGGED TABLE bench_template_logs AS
       SELECT e.t, json_agg(json_build_array(e.seq, e.data, NULL, NULL, '@at@') ORDER BY e.seq)::text AS events
         FROM bench_template_events e GROUP BY e.t`,
    );
    await client.query(
      `INSERT INTO match_logs (match_id, version, events)
       SELECT s.id, t.version, replace(l.events, '"@at@"', to_json(s.at::timestamptz(3))::text)::json
         FROM bench_seeded s JOIN bench_templates t ON t.t = s.t JOIN bench_template_logs l ON l.t = s.t`,
    );
    // As a served database stands: vacuumed (the hint bits of the fresh rows set, the visibility map made) and analysed.
    await client.query('VACUUM ANALYZE');
    return { sessionId, sessionEvents: made[session].played.events.length };
  } finally {
    await client.end();
  }
}

/** Times `count` requests made by `next(i)`, IN_FLIGHT at a time; answers the latencies of the 200s and the other statuses seen. */
async function timed(
  client: JsonClient,
  count: number,
  next: (i: number) => string,
): Promise<{ ms: number[]; failures: string[] }> {
  for (let i = 0; i < WARMUP; i++) await client.send('GET', next(-1 - i), null);
  const ms: number[] = [];
  const failures: string[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (i < count) {
        const path = next(i++);
        const answer = await client.send('GET', path, null);
        if (answer.status === 200) ms.push(answer.ms);
        else if (failures.length < 5) failures.push(`${path} ${answer.status}`);
      }
    }),
  );
  return { ms, failures };
}

/** Plays a match through `a` while a stream of it is open on `b`: per action, the delay until its event arrives on the stream. */
async function sseDelivery(a: ServerProcess, b: ServerProcess, actions: number): Promise<number[]> {
  const client = new JsonClient(a.base);
  const password = randomBytes(12).toString('hex');
  const names = [`w${randomBytes(3).toString('hex')}`, `b${randomBytes(3).toString('hex')}`];
  const [white, black] = await Promise.all(
    names.map(async (username) => ({ username, token: await registerPlayer(client, username, password) })),
  );
  const created = await client.send('POST', '/api/matches', white.token, {
    opponent: black.username,
    colour: 'white',
    variant: 'long-nardy',
    length: 25,
  });
  const id = (created.body as MatchView).id;
  await client.send('POST', `/api/matches/${id}/join`, black.token, {});
  const stream = await SseClient.open(Number(new URL(b.base).port), `/api/matches/${id}/stream`);
  const sent = new Map<number, number>();
  const driver = new MatchDriver(
    client,
    { white, black },
    {
      random: mulberry32(7),
      onAction: (posted) => {
        if (posted.versionAfter !== null) sent.set(posted.actedOn + 1, performance.now() - posted.ms);
      },
    },
  );
  let view = await driver.view(id, 'white');
  for (let n = 0; n < actions && view.status === 'playing'; n++) view = await driver.step(view);
  await stream.waitFor((s) => s.events.length > 0 && Number(s.events[s.events.length - 1].id) >= view.version, 10_000);
  stream.close();
  client.close();
  return stream.events.flatMap((e) => {
    const start = sent.get(Number(e.id));
    return start === undefined ? [] : [e.at - start];
  });
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'nardy-bench-history-'));
  let database: BenchDatabase | undefined;
  const servers: ServerProcess[] = [];
  try {
    database = await createBenchDatabase(ADMIN_URL);
    const jwtSecret = randomBytes(48).toString('base64url');
    // The first server migrates the database; the second joins it as another node.
    for (let n = 0; n < 2; n++) {
      servers.push(
        await startServer({
          main: MAIN,
          env: productionServerEnv(database.url, work, jwtSecret),
          logFile: join(work, `server-${n}.log`),
          startTimeoutMs: 60_000,
        }),
      );
    }
    const made = templates();
    progress(
      `${made.length} played logs (${made.reduce((n, m) => n + m.played.events.length, 0)} events); seeding ${MATCHES} matches`,
    );
    const started = performance.now();
    const { sessionId, sessionEvents } = await seed(database.url, made);
    const seedSeconds = round((performance.now() - started) / 1000);
    progress(`seeded in ${seedSeconds} s; timing`);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const sample = await admin.query<{ id: string; variant: string; version: number }>(
      `SELECT id, variant, version FROM matches TABLESAMPLE SYSTEM (1) WHERE length > 0 LIMIT 2000`,
    );
    const usernames = (await admin.query<{ username: string }>('SELECT username FROM users')).rows.map(
      (r) => r.username,
    );
    await admin.end();
    const random = mulberry32(99);
    const any = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const backgammon = sample.rows.filter((r) => r.variant === 'backgammon');
    const client = new JsonClient(servers[0].base);
    const middle = Math.floor(sessionEvents / 2);
    const runs = {
      historyPage: await timed(client, SAMPLES, () => `/api/users/${any(usernames)}/matches?limit=20`),
      exportMat: await timed(client, SAMPLES, () => `/api/matches/${any(backgammon).id}/export.mat`),
      positionMidSession: await timed(
        client,
        SAMPLES,
        () => `/api/matches/${sessionId}/positions/${middle - 50 + Math.floor(random() * 100)}`,
      ),
      boardSvg: await timed(client, SAMPLES, () => {
        const match = any(sample.rows);
        return `/api/matches/${match.id}/board.svg?seq=${1 + Math.floor(random() * match.version)}`;
      }),
    };
    client.close();
    const sse = await sseDelivery(servers[0], servers[1], Math.min(SAMPLES, 200));
    const figures = Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, percentiles(run.ms)]));
    const failures = Object.values(runs).flatMap((run) => run.failures);
    const sseFigures = percentiles(sse);
    const pass = {
      ...Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, f.p99 !== null && f.p99 < BARS.p99Ms])),
      sseDelivery: sseFigures.p99 !== null && sseFigures.p99 < BARS.sseP99Ms,
      errors: failures.length === 0,
    };
    const line = {
      matches: MATCHES,
      players: PLAYERS,
      seedSeconds,
      sessionEvents,
      latencyMs: { ...figures, sseDeliveryFromSend: sseFigures },
      errors: failures,
      bars: BARS,
      pass: { ...pass, all: Object.values(pass).every(Boolean) },
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    for (const server of servers) await server.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench('bench:history', main);
