import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/server-process.js';

/**
 * The built server (dist/main.js, what `npm start` runs) as a real process:
 * a bad configuration stopping it, running on PGlite, its request log, and
 * SIGTERM finishing the request in flight and the log before exiting.
 * `npm test` builds dist first (pretest). No assertion here is about speed
 * (that is for benchmarks): waits are for events, with deadlines far beyond
 * what a loaded machine needs.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const main = join(root, 'dist/main.js');

/** Deadline for a cold start on a fresh PGlite data directory (a few seconds on a quiet machine). */
const START_DEADLINE_MS = 90_000;
/** Deadline for anything else to show (a log line, the exit). */
const EVENT_DEADLINE_MS = 20_000;

interface Server {
  proc: ChildProcess;
  output: () => string;
  /** Exit code, or the signal that ended it. */
  exited: Promise<number | string | null>;
}

function startServer(env: Record<string, string>): Server {
  let out = '';
  const base = { ...process.env };
  delete base.DATABASE_URL;
  const proc = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...base, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) =>
    proc.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { proc, output: () => out, exited };
}

/** Resolves with `check`'s first truthy answer, polling; rejects after `deadlineMs` with what it waited for. */
async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  deadlineMs = EVENT_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`gave up after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).status === 200;
  } catch {
    return false; // not listening yet
  }
}

type LogLine = {
  msg?: string;
  req?: { id?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
};

function logLines(server: Server): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

/**
 * Starts a registration with `Expect: 100-continue` and resolves once the
 * server has taken it up (its 100 Continue: the request is being handled,
 * waiting for its body), with a function that sends the body and resolves
 * with the status.
 */
function startRegistration(port: number, body: string, requestId: string): Promise<() => Promise<number>> {
  return new Promise((taken, failed) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/users',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        'x-request-id': requestId,
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    req.on('error', failed);
    req.on('continue', () =>
      taken(() => {
        req.end(body);
        return answered;
      }),
    );
  });
}

describe('the built server process', () => {
  beforeAll(() => {
    if (!existsSync(main))
      throw new Error('dist/main.js is missing: run `npm run build` (npm test does it in pretest)');
  });

  it('refuses to start on a bad configuration, naming the setting', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: tmpdir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT:/);
  });

  it('refuses to start in production without JWT_SECRET', async () => {
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: tmpdir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/JWT_SECRET: required when NODE_ENV=production/);
  });

  describe('started with no DATABASE_URL on a fresh data directory', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'nardy-proc-')), 'data');
    let p: number;
    let base: string;
    let server: Server;
    beforeAll(async () => {
      // The kernel's pick: a random port may be taken (EADDRINUSE).
      p = await freePort();
      base = `http://127.0.0.1:${p}`;
      server = startServer({ PORT: String(p), DATA_DIR: dataDir });
      const up = async () => server.proc.exitCode !== null || (await healthy(p));
      await eventually('/health (or the process to exit)', up, START_DEADLINE_MS);
      if (server.proc.exitCode !== null) throw new Error(`the server exited at start:\n${server.output()}`);
    }, START_DEADLINE_MS + 10_000);
    afterAll(() => {
      server.proc.kill('SIGKILL');
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    });

    it('runs on embedded PGlite, says so in the log, serves /health and /docs, and keeps a generated JWT secret private', async () => {
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      expect(server.output()).toMatch(/embedded PGlite/);
      const secret = join(dataDir, 'jwt-secret');
      expect(readFileSync(secret, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      expect((statSync(secret).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    });

    it('logs one JSON line per request with its request id, and never a password or a token', async () => {
      const json = { 'content-type': 'application/json' };
      const credentials = JSON.stringify({ username: 'logger', password: 'very-secret-password' });
      await fetch(`${base}/api/users`, { method: 'POST', headers: json, body: credentials });
      const { accessToken } = (await (
        await fetch(`${base}/api/auth/token`, { method: 'POST', headers: json, body: credentials })
      ).json()) as { accessToken: string };
      const me = await fetch(`${base}/api/users/me`, {
        headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': 'trace-me-42' },
      });
      expect(me.status).toBe(200);
      // The log is written asynchronously: wait for the line of the last request.
      const meLine = await eventually('the log line of GET /api/users/me', () =>
        logLines(server).find((l) => l.req?.url === '/api/users/me' && l.res),
      );
      const requests = logLines(server).filter((l) => l.req && l.res);
      expect(requests.map((l) => l.req!.url)).toEqual(
        expect.arrayContaining(['/api/users', '/api/auth/token', '/api/users/me']),
      );
      expect(meLine.req!.id).toBe('trace-me-42');
      expect(meLine.req!.headers!.authorization).toBe('[redacted]');
      expect(server.output()).not.toContain('very-secret-password');
      expect(server.output()).not.toContain(accessToken);
    });

    it('on SIGTERM finishes the request in flight, closes the database, writes out its log and exits 0', async () => {
      const body = JSON.stringify({ username: 'inflight', password: 'quartz-lantern-8' });
      const sendBody = await startRegistration(p, body, 'in-flight-1');
      server.proc.kill('SIGTERM');
      await eventually('the shutdown to begin', () => /SIGTERM received/.test(server.output()));
      expect(await sendBody()).toBe(201);
      expect(await server.exited).toBe(0);
      const lines = logLines(server);
      expect(lines.find((l) => l.req?.id === 'in-flight-1')?.res?.statusCode).toBe(201);
      // The last line before exiting is the database's: nothing logged at the end is lost.
      expect(lines.at(-1)?.msg).toMatch(/Database connection closed \(pglite\)/);
    });
  });
});
