import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerProcess } from '../bench/server-process.js';
import { BrowserKeys, eventually, startPushReceiver, verifyVapid, type PushReceiver } from './support/push-receiver.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { TEST_JWT_SECRET } from './support/test-app.js';

/**
 * Web push from the real server process (dist/main.js, what `npm start` runs) to an HTTPS push
 * receiver whose certificate, made here with the openssl CLI, the service trusts through
 * NODE_EXTRA_CA_CERTS (which Node reads only when a process starts: hence a process of its own)
 * and WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true (the receiver is on 127.0.0.1). A player subscribes as
 * a browser does, is invited to a match, and the push that reaches the receiver is decrypted with
 * the browser's keys and its VAPID signature checked; then a 410 removes the subscription.
 * `npm test` builds dist first (pretest).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const START_DEADLINE_MS = 90_000;
const PASSWORD = 'push-https-password';

let dir: string;
let db: TestDatabase;
let receiver: PushReceiver;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nardy-push-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  receiver = await startPushReceiver({ key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') });
  db = await createTestDatabase();
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_OPTIONS;
  server = await startServer({
    main: join(root, 'dist/main.js'),
    env: {
      ...env,
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      ...db.env,
      NODE_EXTRA_CA_CERTS: cert,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      BOTS_ENABLED: 'false',
    },
    logFile: join(dir, 'server.log'),
    startTimeoutMs: START_DEADLINE_MS,
  });
}, START_DEADLINE_MS + 30_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function signedUp(username: string): Promise<string> {
  expect((await call('POST', '/api/users', { username, password: PASSWORD })).status).toBe(201);
  const { body } = await call('POST', '/api/auth/token', { username, password: PASSWORD });
  return (body as { accessToken: string }).accessToken;
}

describe('the server process and an HTTPS push receiver it trusts through NODE_EXTRA_CA_CERTS', () => {
  let browser: BrowserKeys;
  let invitee: string;
  let subscriptionId: string;

  it('takes a browser’s subscription to the receiver’s https endpoint', async () => {
    invitee = await signedUp('tls_bea');
    browser = new BrowserKeys();
    const kept = await call(
      'POST',
      '/api/users/me/push-subscriptions',
      browser.subscription(`${receiver.origin}/push/bea`),
      invitee,
    );
    expect(kept.status).toBe(201);
    subscriptionId = (kept.body as { id: string }).id;
  });

  // SKIPPED until the notification triggers (the durable queue deciding notifications from match
  // events: the lead's part of the issue) are merged: until then no API action sends a push. The
  // lead enables it (it.skip → it) once POST /api/matches queues the invitee's invitation.
  it('an invitation reaches the receiver over TLS, encrypted to the browser and signed with the VAPID key; a 410 then removes the subscription', async () => {
    const inviter = await signedUp('tls_abe');
    const created = await call(
      'POST',
      '/api/matches',
      { variant: 'backgammon', length: 3, opponent: 'tls_bea' },
      inviter,
    );
    expect(created.status).toBe(201);
    const matchId = (created.body as { id: string }).id;

    const push = await eventually('the invitation push', () => receiver.received.find((r) => r.path === '/push/bea'));
    expect(browser.decrypt(push.body)).toMatchObject({
      type: 'invitation',
      matchId,
      url: expect.stringMatching(new RegExp(`/matches/${matchId}$`)) as unknown,
    });
    const { publicKey } = (await call('GET', '/api/push/public-key')).body as { publicKey: string };
    expect(verifyVapid(push.headers.authorization, publicKey).aud).toBe(receiver.origin);

    receiver.answer = 410;
    const before = receiver.received.length;
    const second = await call(
      'POST',
      '/api/matches',
      { variant: 'backgammon', length: 1, opponent: 'tls_bea' },
      inviter,
    );
    expect(second.status).toBe(201);
    await eventually('the 410 answer', () => receiver.received.length > before);
    // The same subscription again: the same id while it is kept, a new one once the 410 removed it.
    const endpoint = `${receiver.origin}/push/bea`;
    const again = async (): Promise<string> =>
      (
        (await call('POST', '/api/users/me/push-subscriptions', browser.subscription(endpoint), invitee)).body as {
          id: string;
        }
      ).id;
    await eventually('the subscription removed after the 410', async () => (await again()) !== subscriptionId);
    expect(receiver.received.length).toBe(before + 1);
  });
});
