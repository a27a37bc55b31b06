import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { freePort } from '../bench/server-process.js';
import { describeOnPostgres } from './support/database-mode.js';
import { Mailbox, textOf } from './support/mailbox.js';
import { TEST_JWT_SECRET } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * No secret reaches the log (docs/architecture.md, "Logging"). The built server runs as a process
 * with its request log on, mailing to a real SMTP server; each kind of link a mail carries is
 * opened with its real token in the query string (an older mail's link, a link pasted whole), and
 * so are other secrets a client might put in a URL or a header. No log line may hold any of them,
 * and the request's line shows the redaction instead. The attack of issue 35 is replayed: the
 * password reset link opened by its owner, the log read for a token to confirm a reset with.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** Deadline for anything to show (the start, a log line, a mail); no assertion is about speed. */
const DEADLINE_MS = 60_000;
const PUBLIC_URL = 'https://nardy.test';
const PASSWORD = 'quartz-lantern-9';
const REDACTED = '[redacted]';

interface LogLine {
  readonly msg?: string;
  readonly req?: { readonly id?: string; readonly url?: string; readonly headers?: Record<string, string> };
  readonly res?: { readonly statusCode?: number };
}

let db: TestDatabase;
let mailbox: Mailbox;
let server: ChildProcess;
let output = '';
let port: number;
let n = 0;

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

/** A request to the server under a request id of its own; answers the response and that id. */
async function call(
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ res: Response; requestId: string }> {
  const requestId = `log-secrets-${++n}`;
  const json = options.body !== undefined && typeof options.body !== 'string';
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-request-id': requestId,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : json ? JSON.stringify(options.body) : (options.body as string),
  });
  return { res, requestId };
}

/** The request log's line of the request `requestId`, once written. */
const requestLine = (requestId: string): Promise<LogLine> =>
  eventually(`the log line of ${requestId}`, () => lines().find((l) => l.req?.id === requestId && l.res));

/** Opens `path` (holding `secret`) and holds that no log line has the secret, and that its line is redacted. */
async function openWithoutTrace(path: string, secret: string, init: Parameters<typeof call>[1] = {}): Promise<number> {
  expect(path).toContain(secret);
  const { res, requestId } = await call(path, init);
  await res.arrayBuffer();
  const line = await requestLine(requestId);
  expect(output).not.toContain(secret);
  expect(line.req?.url).toContain(REDACTED);
  expect(line.msg).toContain(REDACTED);
  return res.status;
}

interface Account {
  readonly username: string;
  readonly token: string;
  readonly refreshToken: string;
}

async function register(name: string): Promise<Account> {
  const credentials = { username: name, password: PASSWORD };
  expect((await call('/api/users', { body: credentials })).res.status).toBe(201);
  const signed = (await (await call('/api/auth/token', { body: credentials })).res.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  return { username: name, token: signed.accessToken, refreshToken: signed.refreshToken };
}

/** The token of the link to `page` in a mail's text, in the fragment as mailed now or in the query as before. */
function linkToken(mail: ParsedMail, page: string): string {
  const match = new RegExp(`${PUBLIC_URL}/${page}[#?]token=([A-Za-z0-9_-]+)`).exec(textOf(mail));
  if (match === null) throw new Error(`No /${page} link in: ${textOf(mail)}`);
  return match[1];
}

describeOnPostgres('secrets and the log', () => {
  let ann: Account;
  const address = 'ann@example.com';

  beforeAll(async () => {
    db = await createTestDatabase();
    mailbox = await Mailbox.start();
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
        SMTP_URL: mailbox.url,
        PUBLIC_URL,
        AUTH_THROTTLE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += String(d)));
    server.stderr!.on('data', (d) => (output += String(d)));
    await eventually('the server to listen', () =>
      lines().some((l) => l.msg?.startsWith('Listening on port')) ? true : undefined,
    );
    ann = await register('log_ann');
  }, DEADLINE_MS + 10_000);
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mailbox.close();
    await db.drop();
  });

  it(
    'the verification link: its token is in no log line when opened with it in the query',
    async () => {
      expect(
        (await call('/api/users/me/email', { method: 'PUT', body: { email: address }, token: ann.token })).res.status,
      ).toBe(202);
      const token = linkToken(await mailbox.nth(address, 1), 'verify-email');
      expect(token).toMatch(/^nardy_ev_/);
      const opened = call(`/verify-email?token=${token}`);
      // The address is verified first, so that the tests after this one have it whatever this one finds.
      const verified = await call('/api/users/me/email/verify', { body: { token }, token: ann.token });
      expect(verified.res.status).toBe(204);
      const { res, requestId } = await opened;
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const line = await requestLine(requestId);
      expect(output).not.toContain(token);
      expect(line.req?.url).toBe(`/verify-email?token=${REDACTED}`);
      expect(line.msg).toContain(`/verify-email?token=${REDACTED}`);
    },
    DEADLINE_MS * 2,
  );

  it(
    'the reset link: the token its owner opened cannot be read from the log to reset the password',
    async () => {
      expect((await call('/api/auth/password-reset', { body: { username: ann.username } })).res.status).toBe(202);
      const token = linkToken(await mailbox.nth(address, 2), 'reset-password');
      expect(token).toMatch(/^nardy_pr_/);
      // The owner opens the link, as a mail of today (token in the fragment) and of before (in the query).
      await call('/reset-password').then(({ res }) => res.arrayBuffer());
      const opened = await call(`/reset-password?token=${token}`);
      await opened.res.arrayBuffer();
      const line = await requestLine(opened.requestId);

      // The attacker reads the log for anything that may be the token, and tries each.
      const candidates = new Set([
        ...(output.match(/nardy_pr_[A-Za-z0-9_-]+/g) ?? []),
        ...[...output.matchAll(/[?&#]token=([^&"\s\\]+)/g)].map((m) => decodeURIComponent(m[1])),
      ]);
      for (const candidate of candidates) {
        const tried = await call('/api/auth/password-reset/confirm', {
          body: { token: candidate, newPassword: 'attacker-owns-this-1' },
        });
        expect({ candidate, status: tried.res.status }).toEqual({ candidate, status: 400 });
      }
      const attacker = await call('/api/auth/token', {
        body: { username: ann.username, password: 'attacker-owns-this-1' },
      });
      expect(attacker.res.status).toBe(401);
      // The owner's own link still does what it should.
      const reset = await call('/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'owner-chose-this-2' },
      });
      expect(reset.res.status).toBe(204);
      expect(output).not.toContain(token);
      expect(line.req?.url).toBe(`/reset-password?token=${REDACTED}`);
    },
    DEADLINE_MS * 2,
  );

  it(
    'the one-click unsubscribe link: its token is in no log line, nor is a forged one',
    async () => {
      const bob = await register('log_bob');
      const invited = await call('/api/matches', {
        body: { variant: 'backgammon', length: 1, opponent: ann.username },
        token: bob.token,
      });
      expect(invited.res.status).toBe(201);
      const mail = await eventually('the invitation mail', () =>
        mailbox.to(address).find((m) => m.headerLines.some((h) => h.key === 'list-unsubscribe')),
      );
      const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r?\n[ \t]+/g, '');
      const path = new RegExp(`<${PUBLIC_URL}([^>]+)>`).exec(header)![1];
      const token = decodeURIComponent(new URL(path, PUBLIC_URL).searchParams.get('token')!);
      expect(token).toMatch(/^nardy_us_/);

      const forged = `${token.slice(0, -4)}AAAA`;
      expect(
        await openWithoutTrace(`/api/notifications/unsubscribe?token=${forged}`, forged, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ).toBe(400);
      expect(
        await openWithoutTrace(path, token, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ).toBe(204);
      // Nor does the MAC alone, the token's secret part.
      expect(output).not.toContain(token.split('.').at(-1));
    },
    DEADLINE_MS * 2,
  );

  it(
    'tokens put in a URL under any name, and credentials in headers, are in no log line',
    async () => {
      // An account of its own: the reset above ended Ann's tokens.
      const cat = await register('log_cat');
      const created = await call('/api/users/me/api-tokens', {
        body: { name: 'logged', scopes: ['read'] },
        token: cat.token,
      });
      expect(created.res.status).toBe(201);
      const apiToken = ((await created.res.json()) as { token: string }).token;
      expect(apiToken).toMatch(/^nardy_pat_/);
      // Under a secret's name, and under a name that says nothing: the shape gives it away.
      await openWithoutTrace(`/api/users/me?access_token=${apiToken}`, apiToken);
      await openWithoutTrace(`/api/matches?q=${encodeURIComponent(`x ${apiToken}`)}`, apiToken);
      // A sign-in token (a JWT) under a name that says nothing.
      await openWithoutTrace(`/api/users?t=${cat.token}`, cat.token);
      // The bearer token and the refresh cookie.
      const { res, requestId } = await call('/api/auth/refresh', {
        method: 'POST',
        token: cat.token,
        headers: { cookie: `nardy_refresh=${cat.refreshToken}` },
      });
      await res.arrayBuffer();
      const line = await requestLine(requestId);
      expect(line.req?.headers).toEqual({ authorization: REDACTED, cookie: REDACTED });
      expect(output).not.toContain(cat.refreshToken);
      expect(output).not.toContain(cat.token);
    },
    DEADLINE_MS * 2,
  );
});
