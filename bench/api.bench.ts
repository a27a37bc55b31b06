/**
 * HTTP benchmark of the built server (`npm run bench:api`).
 *
 * Starts dist/main.js as a production process on a fresh database of its own on
 * a real PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
 * request logging at its default level into a temporary file; registers a user and
 * gets a bearer token; warms each route up, then runs autocannon against each in
 * turn (16 connections, 10 s) and prints ONE JSON line: each route's rate, p50/p99
 * latency (ms), errors, non-2xx answers and log bytes per request, and the ratio of
 * `/api/users/me` to `/health` from the same run against the bar. Then stops the
 * server and drops the database. Exits non-zero on an error (a failed start, an
 * error or non-2xx answer under load), never on a missed bar (`"pass": false`).
 *
 * Knobs: BENCH_DURATION_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (16),
 * BENCH_ROUTES (comma-separated subset of the routes), BENCH_LOG_LEVEL (the server's
 * LOG_LEVEL; its default when unset), BENCH_CPU_PROF_DIR (run the server with
 * --cpu-prof and write its profile there; see bench/profile-summary.ts).
 */
import autocannon, { type Options } from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBenchServer } from './bench-server.js';
import type { ServerProcess } from './server-process.js';
import { runBench } from './run-bench.js';
import { wholeNumberFromEnv } from './bench-figures.js';

const BAR = 0.6;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DURATION = wholeNumberFromEnv('BENCH_DURATION_SECONDS', 10);
const WARMUP = wholeNumberFromEnv('BENCH_WARMUP_SECONDS', 3);
const CONNECTIONS = wholeNumberFromEnv('BENCH_CONNECTIONS', 16);
/** The built server; this file runs as dist/bench/bench/api.bench.js. */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

interface Route {
  readonly path: string;
  readonly options: (token: string) => Partial<Options>;
}

const ROUTES: readonly Route[] = [
  { path: '/health', options: () => ({}) },
  { path: '/api/users/me', options: (token) => ({ headers: { authorization: `Bearer ${token}` } }) },
  {
    path: '/api/positions/legal-plays',
    options: () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The opening position with a 3-1: 16 plays (gnubg: `legal-plays 4HPwATDgc/ABMA 3 1`).
      body: JSON.stringify({ variant: 'backgammon', position: '4HPwATDgc/ABMA', dice: [3, 1] }),
    }),
  },
];

interface RouteFigures {
  rps: number;
  /** Completed in the measured run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  logBytesPerRequest: number;
  /** Server CPU time (user + system) per request, µs: robust to other load on the machine, unlike the rate. */
  cpuUsPerRequest: number | null;
}

function selectedRoutes(): readonly Route[] {
  const wanted = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
  if (!wanted) return ROUTES;
  const unknown = wanted.filter((w) => !ROUTES.some((r) => r.path === w));
  if (unknown.length > 0) throw new Error(`BENCH_ROUTES: unknown ${unknown.join(', ')}`);
  return ROUTES.filter((r) => wanted.includes(r.path));
}

async function postJson(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function bearerToken(server: ServerProcess): Promise<string> {
  const credentials = {
    username: `bench_${randomBytes(4).toString('hex')}`,
    password: randomBytes(12).toString('hex'),
  };
  await postJson(server.base, '/api/users', credentials);
  const { accessToken } = await postJson(server.base, '/api/auth/token', credentials);
  if (typeof accessToken !== 'string') throw new Error('POST /api/auth/token: no accessToken');
  return accessToken;
}

async function load(server: ServerProcess, route: Route, token: string, duration: number) {
  return autocannon({
    url: `${server.base}${route.path}`,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    ...route.options(token),
  });
}

async function measure(server: ServerProcess, route: Route, token: string): Promise<RouteFigures> {
  const logBefore = server.logBytes();
  const cpuBefore = server.cpuMs();
  const result = await load(server, route, token, DURATION);
  const cpuAfter = server.cpuMs();
  // Let the last log lines land before counting them.
  await new Promise((r) => setTimeout(r, 200));
  const completed = result.requests.total;
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    requests: completed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    logBytesPerRequest: completed > 0 ? Math.round((server.logBytes() - logBefore) / completed) : 0,
    cpuUsPerRequest: cpuMs === undefined || completed === 0 ? null : Math.round((cpuMs * 1000) / completed),
  };
}

async function main(): Promise<number> {
  const routes = selectedRoutes();
  const profileDir = process.env.BENCH_CPU_PROF_DIR ? resolve(process.env.BENCH_CPU_PROF_DIR) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  // Bounded: start-up, every warm-up and run with slack, and the clean-up.
  const budgetMs = (90 + routes.length * (WARMUP + DURATION + 10)) * 1000;
  const options = { name: 'bench:api', main: MAIN, adminUrl: ADMIN_URL, budgetMs, cpuProfileDir: profileDir };
  return withBenchServer(options, async (server) => {
    const token = await bearerToken(server);
    for (const route of routes) await load(server, route, token, WARMUP);
    const figures: Record<string, RouteFigures> = {};
    for (const route of routes) figures[route.path] = await measure(server, route, token);

    const health = figures['/health'];
    const me = figures['/api/users/me'];
    const ratio = health && me ? Math.round((me.rps / health.rps) * 100) / 100 : null;
    const line = {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      routes: figures,
      meToHealth: ratio,
      bar: BAR,
      pass: ratio === null ? null : ratio >= BAR,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    const failed = Object.entries(figures).filter(([, f]) => f.errors > 0 || f.non2xx > 0);
    if (failed.length > 0) {
      process.stderr.write(`bench:api: errors or non-2xx answers on ${failed.map(([p]) => p).join(', ')}\n`);
      process.stderr.write(server.logTail(2000));
      return 1;
    }
    return 0;
  });
}

runBench('bench:api', main);
