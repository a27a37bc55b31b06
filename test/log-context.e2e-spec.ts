import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { freePort } from '../bench/server-process.js';
import { connectPostgres } from '../src/database/pg-connection.js';
import { describeOnPostgres } from './support/database-mode.js';
import { TEST_JWT_SECRET } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The log lines of the database pool and of the LISTEN session are the
 * service's own, not a request's (docs/architecture.md, "Logging"): the
 * sessions are opened while some request is being served, and what they log
 * later (the server ending them) must not carry that request's id. The built
 * server runs as a process so that its real log lines are read.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** Deadline for anything to show (the start, a log line); no assertion is about speed. */
const DEADLINE_MS = 60_000;

interface LogLine {
  readonly msg?: string;
  readonly context?: string;
  readonly req?: { readonly id?: string };
}

let db: TestDatabase;
let server: ChildProcess;
let output = '';
let port: number;
let stream: ClientRequest | undefined;

function lines(): LogLine[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

async function eventually<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; output:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(path: string, requestId: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-request-id': requestId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describeOnPostgres('log lines of the database sessions', () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    // The kernel's pick: a random one may be taken (EADDRINUSE).
    port = await freePort();
    server = spawn(process.execPath, [join(root, 'dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        ...db.env,
        NODE_ENV: 'test',
        PORT: String(port),
        LOG_LEVEL: 'info',
        JWT_SECRET: TEST_JWT_SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += String(d)));
    server.stderr!.on('data', (d) => (output += String(d)));
    await eventually('the server to listen', () =>
      lines().some((l) => l.msg?.startsWith('Listening on port')) ? true : undefined,
    );
  }, DEADLINE_MS + 10_000);
  afterAll(async () => {
    stream?.destroy();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db.drop();
  });

  it(
    'carry no request id when the server ends them, though requests opened them',
    async () => {
      const account = { username: 'logger', password: 'quartz-lantern-9' };
      expect((await call('/api/users', 'opened-pooled-sessions', account)).status).toBe(201);
      const token = (
        (await (await call('/api/auth/token', 'asked-for-a-token', account)).json()) as { accessToken: string }
      ).accessToken;
      // The player's stream starts the LISTEN session, in its request.
      await new Promise<void>((resolve, reject) => {
        stream = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/users/me/stream',
            headers: { authorization: `Bearer ${token}`, 'x-request-id': 'opened-the-listen-session' },
          },
          (res) => {
            res.resume();
            resolve();
          },
        );
        stream.on('error', reject);
        stream.end();
      });
      await eventually('the LISTEN session', async () => {
        const admin = await connectPostgres(db.url!);
        try {
          const rows = await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
          );
          return rows[0].n > 0 ? true : undefined;
        } finally {
          await admin.close();
        }
      });

      const admin = await connectPostgres(db.url!);
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      } finally {
        await admin.close();
      }

      const listenLine = await eventually('the LISTEN session’s failure', () =>
        lines().find((l) => l.msg?.includes('listening session failed')),
      );
      const poolLine = await eventually('the pooled session’s failure', () =>
        lines().find((l) => l.msg?.includes('idle database connection failed')),
      );
      expect({ listen: listenLine.req, pool: poolLine.req }).toEqual({ listen: undefined, pool: undefined });
      // The requests' own lines do carry their ids.
      expect(lines().find((l) => l.req?.id === 'opened-pooled-sessions')).toBeDefined();
    },
    DEADLINE_MS * 2,
  );
});
