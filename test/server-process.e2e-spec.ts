import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server (dist/main.js, what `npm start` runs) as a real process:
 * start-up time on PGlite, a bad configuration stopping it, and SIGTERM
 * finishing in-flight requests. `npm test` builds dist first (pretest).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const main = join(root, 'dist/main.js');

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

async function waitForHealth(port: number, deadlineMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no /health within ${deadlineMs} ms`);
}

const port = () => 20000 + Math.floor(Math.random() * 20000);

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
    const dataDir = mkdtempSync(join(tmpdir(), 'nardy-proc-'));
    const p = port();
    const base = `http://127.0.0.1:${p}`;
    let server: Server;
    let startMs: number;
    beforeAll(async () => {
      server = startServer({ PORT: String(p), DATA_DIR: dataDir });
      // The 10 s start-up bar is for a quiet machine; the suite runs this next to other test files, so allow more here.
      startMs = await waitForHealth(p, 30_000);
      process.stdout.write(`cold start on a fresh PGlite data directory: /health after ${startMs} ms\n`);
    });
    afterAll(() => {
      server.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs on embedded PGlite, says so in the log, serves /health and /docs, and keeps a generated JWT secret', async () => {
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      expect(server.output()).toMatch(/embedded PGlite/);
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
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
      await new Promise((r) => setTimeout(r, 200));
      type Line = {
        req?: { id?: string; url?: string; headers?: Record<string, string> };
        res?: { statusCode?: number };
      };
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Line);
      const requests = lines.filter((l) => l.req && l.res);
      expect(requests.map((l) => l.req!.url)).toEqual(
        expect.arrayContaining(['/api/users', '/api/auth/token', '/api/users/me']),
      );
      const meLine = requests.find((l) => l.req!.url === '/api/users/me')!;
      expect(meLine.req!.id).toBe('trace-me-42');
      expect(meLine.req!.headers!.authorization).toBe('[redacted]');
      expect(server.output()).not.toContain('very-secret-password');
      expect(server.output()).not.toContain(accessToken);
    });

    it('on SIGTERM finishes the request in flight, then closes the database before exiting', async () => {
      // Registration hashes with argon2id (tens of ms): the signal lands while it runs.
      const inFlight = fetch(`${base}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'inflight', password: 'inflight-password' }),
      });
      await new Promise((r) => setTimeout(r, 15));
      server.proc.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(201);
      // Nest's shutdown hook closes the app, then re-raises the signal: the process ends by SIGTERM, after the clean-up.
      expect(await server.exited).toBe('SIGTERM');
      expect(server.output()).toMatch(/Database connection closed \(pglite\)/);
    });
  });
});
