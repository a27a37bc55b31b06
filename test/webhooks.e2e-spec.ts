import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import type { Notification } from '../src/notifications/core/notification.js';
import { NotificationJobs } from '../src/notifications/core/notification-jobs.js';
import { NotificationQueue } from '../src/notifications/index.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhooks (docs/webhooks.md) with private addresses allowed, so that a receiver on this machine
 * can be registered: registered, listed without their secret, removed, held to their owner;
 * a notification queued reaches the webhooks subscribed to its type, signed as Standard Webhooks
 * says; failures, redirects, slow and endless answers are recorded as failed attempts.
 */
let t: TestApp;
let client: MatchClient;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  client = new MatchClient(t.http);
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

interface Owner extends Player {
  readonly id: string;
}

let n = 0;
async function register(): Promise<Owner> {
  const player = await client.register(`hook_${++n}`);
  const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
  return { ...player, id: (me.body as { id: string }).id };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface CreatedWebhook {
  id: string;
  url: string;
  label: string | null;
  events: string[];
  enabled: boolean;
  createdAt: string;
  failingSince: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  secret: string;
}
interface Delivery {
  messageId: string;
  type: string;
  attempt: number;
  attemptedAt: string;
  status: number | null;
  error: string | null;
  durationMs: number;
}

async function addWebhook(owner: Player, url: string, events: string[]): Promise<CreatedWebhook> {
  const res = await request(t.http).post('/api/users/me/webhooks').set(bearer(owner.token)).send({ url, events });
  expect(res.status).toBe(201);
  return res.body as CreatedWebhook;
}
const listOf = async (owner: Player): Promise<Array<Record<string, unknown>>> =>
  (
    (await request(t.http).get('/api/users/me/webhooks').set(bearer(owner.token)).expect(200)).body as {
      items: Array<Record<string, unknown>>;
    }
  ).items;
const deliveriesOf = async (owner: Player, id: string): Promise<Delivery[]> =>
  (
    (await request(t.http).get(`/api/users/me/webhooks/${id}/deliveries`).set(bearer(owner.token)).expect(200))
      .body as { items: Delivery[] }
  ).items;
/** The webhook's attempts once there are `count` of them. */
const deliveriesWhen = (owner: Player, id: string, count: number): Promise<Delivery[]> =>
  eventually(async () => {
    const items = await deliveriesOf(owner, id);
    return items.length >= count ? items : undefined;
  });

function notification(owner: Owner, kind: Notification['kind'], data: Record<string, unknown> = {}): Notification {
  return {
    id: randomUUID(),
    kind,
    userId: owner.id,
    createdAt: new Date().toISOString(),
    matchId: randomUUID(),
    title: 'Your turn against alice',
    body: 'alice rolled 6-5 and played; it is your turn.',
    path: '/matches/x',
    data: { opponent: 'alice', ...data },
  };
}
const send = (notice: Notification): Promise<void> => t.app.get(NotificationQueue).send(notice);

describe('registering webhooks', () => {
  it('answers the secret once, lists the webhook without it, and removes it', async () => {
    const alice = await register();
    const made = await addWebhook(alice, receiver.url('/crud'), ['match.turn', 'match.invitation']);
    expect(made).toEqual({
      id: expect.any(String) as unknown,
      url: receiver.url('/crud'),
      label: null,
      events: ['match.turn', 'match.invitation'],
      enabled: true,
      createdAt: expect.any(String) as unknown,
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) as unknown,
    });
    const { secret, ...listed } = made;
    expect(await listOf(alice)).toEqual([listed]);
    const rows = await t.app
      .get(SqlClient)
      .query<{ secret: string }>(`SELECT secret FROM webhooks WHERE id = $1::uuid`, [made.id]);
    expect(rows).toEqual([{ secret }]);

    await request(t.http).delete(`/api/users/me/webhooks/${made.id}`).set(bearer(alice.token)).expect(204);
    expect(await listOf(alice)).toEqual([]);
    const again = await request(t.http).delete(`/api/users/me/webhooks/${made.id}`).set(bearer(alice.token));
    expect([again.status, again.body]).toMatchObject([404, { code: 'webhook-not-found' }]);
  });

  it('keeps each account’s webhooks its own: another account gets 404 and changes nothing', async () => {
    const alice = await register();
    const mallory = await register();
    const made = await addWebhook(alice, receiver.url('/mine'), ['match.turn']);
    for (const res of [
      await request(t.http).get(`/api/users/me/webhooks/${made.id}/deliveries`).set(bearer(mallory.token)),
      await request(t.http).delete(`/api/users/me/webhooks/${made.id}`).set(bearer(mallory.token)),
      await request(t.http).delete('/api/users/me/webhooks/not-a-uuid').set(bearer(mallory.token)),
    ]) {
      expect([res.status, res.body]).toMatchObject([404, { code: 'webhook-not-found' }]);
    }
    expect(await listOf(mallory)).toEqual([]);
    expect(await listOf(alice)).toHaveLength(1);
    await request(t.http).get('/api/users/me/webhooks').expect(401);
  });

  it('refuses a bad request with 400 and registers nothing', async () => {
    const bob = await register();
    const url = receiver.url('/bad');
    const invalid = [
      { url, events: [] },
      { url, events: ['match.turn', 'match.turn'] },
      { url, events: ['match.everything'] },
      { url, events: ['tournament.update'] },
      { url },
      { events: ['match.turn'] },
      { url: 42, events: ['match.turn'] },
      { url, events: ['match.turn'], secret: 'mine' },
      { url: `https://bot.example.com/${'a'.repeat(2048)}`, events: ['match.turn'] },
    ];
    for (const body of invalid) {
      const res = await request(t.http).post('/api/users/me/webhooks').set(bearer(bob.token)).send(body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body]).toMatchObject([
        JSON.stringify(body).slice(0, 80),
        400,
        { code: 'validation-failed' },
      ]);
    }
    for (const bad of ['ftp://bot.example.com/', 'not a url', '/relative', 'https://me:pw@bot.example.com/']) {
      const res = await request(t.http)
        .post('/api/users/me/webhooks')
        .set(bearer(bob.token))
        .send({ url: bad, events: ['match.turn'] });
      expect([bad, res.status, res.body]).toMatchObject([bad, 400, { code: 'invalid-webhook-url', field: 'url' }]);
    }
    // A metadata service stays refused even with private addresses allowed.
    const metadata = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(bob.token))
      .send({ url: 'http://169.254.169.254/latest/meta-data/', events: ['match.turn'] });
    expect([metadata.status, metadata.body]).toMatchObject([400, { code: 'webhook-address-refused', field: 'url' }]);
    expect(await listOf(bob)).toEqual([]);
  });

  it('refuses a metadata service written as an IPv6 address carrying it (NAT64, SIIT, IPv4-compatible, 6to4, Teredo), private addresses allowed or not', async () => {
    const dora = await register();
    for (const url of [
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b::100.100.100.200]/latest/meta/',
      'http://[::ffff:0:a9fe:a9fe]/latest/meta-data/',
      'http://[::169.254.169.254]/latest/meta-data/',
      'http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/',
      'http://[2002:a9fe:a9fe::1]/latest/meta-data/',
      'http://[2001:0:a9fe:a9fe::1]/latest/meta-data/',
    ]) {
      const res = await request(t.http)
        .post('/api/users/me/webhooks')
        .set(bearer(dora.token))
        .send({ url, events: ['match.turn'] });
      expect([url, res.status, res.body]).toMatchObject([url, 400, { code: 'webhook-address-refused', field: 'url' }]);
    }
    expect(await listOf(dora)).toEqual([]);
    // This machine's loopback in such a form is taken here, as 127.0.0.1 is.
    await addWebhook(dora, `http://[::ffff:0:127.0.0.1]:${receiver.port}/hook`, ['match.turn']);
  });

  it('holds an account to 10 webhooks: the 11th is 409 too-many-webhooks', async () => {
    const carol = await register();
    const made: CreatedWebhook[] = [];
    for (let i = 0; i < 10; i++) made.push(await addWebhook(carol, receiver.url(`/cap/${i}`), ['match.turn']));
    const res = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(carol.token))
      .send({ url: receiver.url('/cap/more'), events: ['match.turn'] });
    expect([res.status, res.body]).toMatchObject([409, { code: 'too-many-webhooks', limit: 10 }]);
    expect(await listOf(carol)).toHaveLength(10);
    await request(t.http).delete(`/api/users/me/webhooks/${made[0].id}`).set(bearer(carol.token)).expect(204);
    await addWebhook(carol, receiver.url('/cap/more'), ['match.turn']);
  });

  it('lets a personal API token with the webhooks scope manage them, and refuses one without it', async () => {
    const bot = await register();
    const tokenOf = async (scopes: string[]): Promise<string> =>
      (
        (await request(t.http).post('/api/users/me/api-tokens').set(bearer(bot.token)).send({ name: 'b', scopes }))
          .body as { token: string }
      ).token;
    const hooks = await tokenOf(['webhooks']);
    const player = await tokenOf(['play']);
    const made = await addWebhook({ username: bot.username, token: hooks }, receiver.url('/bot'), ['match.turn']);
    expect(await listOf({ username: bot.username, token: hooks })).toHaveLength(1);
    await request(t.http).get(`/api/users/me/webhooks/${made.id}/deliveries`).set(bearer(hooks)).expect(200);
    for (const res of [
      await request(t.http).get('/api/users/me/webhooks').set(bearer(player)),
      await request(t.http)
        .post('/api/users/me/webhooks')
        .set(bearer(player))
        .send({ url: receiver.url('/bot'), events: ['match.turn'] }),
      await request(t.http).delete(`/api/users/me/webhooks/${made.id}`).set(bearer(player)),
    ]) {
      expect([res.status, res.body]).toMatchObject([403, { code: 'insufficient-scope', scope: 'webhooks' }]);
    }
    await request(t.http).delete(`/api/users/me/webhooks/${made.id}`).set(bearer(hooks)).expect(204);
  });
});

describe('delivering to webhooks', () => {
  it('POSTs a queued notification to the webhooks of its type, signed as Standard Webhooks says', async () => {
    const dora = await register();
    const other = await register();
    const turns = await addWebhook(dora, receiver.url('/dora/turns'), ['match.turn']);
    const finished = await addWebhook(dora, receiver.url('/dora/finished'), ['match.finished']);
    await addWebhook(other, receiver.url('/other'), ['match.turn', 'match.finished']);

    const turn = notification(dora, 'turn', { cube: 2 });
    await send(notification(dora, 'account', { template: 'password-reset', token: 'secret' }));
    await send(turn);
    const [attempt] = await deliveriesWhen(dora, turns.id, 1);
    expect(attempt).toEqual({
      messageId: turn.id,
      type: 'match.turn',
      attempt: 1,
      attemptedAt: expect.any(String) as unknown,
      status: 204,
      error: null,
      durationMs: expect.any(Number) as unknown,
    });
    const [got] = receiver.to('/dora/turns');
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^Nardy-Webhooks\//);
    expect(got.headers['webhook-id']).toBe(turn.id);
    const body = JSON.parse(got.body) as unknown;
    expect(body).toEqual({
      type: 'match.turn',
      timestamp: turn.createdAt,
      data: { opponent: 'alice', cube: 2, matchId: turn.matchId },
    });

    // The receiver's check, with the library and by hand: HMAC-SHA256 of id.timestamp.body, keyed with the secret's bytes.
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(turns.secret).verify(got.body, headers)).toEqual(body);
    const key = Buffer.from(turns.secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key)
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${got.body}`)
      .digest('base64');
    expect(headers['webhook-signature'].split(' ')).toContain(`v1,${mac}`);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(() => new Webhook(finished.secret).verify(got.body, headers)).toThrow();

    // A finished match goes to the other webhook only; nothing went to another account's, nor account mail anywhere.
    const end = notification(dora, 'finished');
    await send(end);
    await deliveriesWhen(dora, finished.id, 1);
    expect(receiver.to('/dora/finished').map((r) => r.headers['webhook-id'])).toEqual([end.id]);
    expect(receiver.to('/dora/turns')).toHaveLength(1);
    expect(receiver.to('/other')).toHaveLength(0);
    expect(receiver.requests.some((r) => r.body.includes('password-reset'))).toBe(false);
  });

  it('delivers a batch queued at once, each to its own account’s webhooks of its type, once; keeps each webhook’s last 50 attempts', async () => {
    const mo = await register();
    const nia = await register();
    const moTurns = await addWebhook(mo, receiver.url('/mo/turns'), ['match.turn']);
    const niaEnds = await addWebhook(nia, receiver.url('/nia/ends'), ['match.finished']);
    const turns = Array.from({ length: 55 }, () => notification(mo, 'turn'));
    const ends = Array.from({ length: 3 }, () => notification(nia, 'finished'));
    const others = [notification(mo, 'finished'), notification(nia, 'turn'), notification(mo, 'account')];
    // As the relay queues what one transaction decided: every channel asked once for the whole batch.
    await t.app
      .get(NotificationJobs)
      .enqueueAll([...turns, ...ends, ...others].map((notification) => ({ notification, still: { kind: 'always' } })));

    await eventually(
      () => (receiver.to('/mo/turns').length >= 55 && receiver.to('/nia/ends').length >= 3) || undefined,
    );
    const ids = (path: string) => receiver.to(path).map((r) => r.headers['webhook-id']);
    expect(new Set(ids('/mo/turns'))).toEqual(new Set(turns.map((x) => x.id)));
    expect(ids('/mo/turns')).toHaveLength(55);
    expect(new Set(ids('/nia/ends'))).toEqual(new Set(ends.map((x) => x.id)));
    expect(ids('/nia/ends')).toHaveLength(3);
    // The attempts of the last batch are recorded after its POSTs: wait for all, then for the trim.
    const kept = async (webhookId: string): Promise<number> => {
      const [row] = await t.app
        .get(SqlClient)
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1::uuid`, [
          webhookId,
        ]);
      return row.n;
    };
    await eventually(async () => ((await kept(moTurns.id)) === 50 ? true : undefined));
    expect(await kept(niaEnds.id)).toBe(3);
    expect(await deliveriesOf(mo, moTurns.id)).toHaveLength(50);
  });

  it('on the relay’s first try, delivers at once without a job; a failed try is queued as the second, after the first retry delay; a failing webhook is not tried but queued', async () => {
    const ola = await register();
    receiver.status('/ola/later', 503, 'not now');
    const now = await addWebhook(ola, receiver.url('/ola/now'), ['match.turn']);
    const later = await addWebhook(ola, receiver.url('/ola/later'), ['match.finished']);
    const jobs = t.app.get(NotificationJobs);
    const sql = t.app.get(SqlClient);
    const jobOf = async (name: string, webhookId: string) =>
      (
        await sql.query<{ data: { firstTry?: number }; retry_limit: number; late: boolean; state: string }>(
          `SELECT data, retry_limit, start_after > now() + interval '20 seconds' AS late, state FROM pgboss.job
            WHERE name = 'notification-webhook' AND data->'notification'->>'id' = $1 AND data->>'destination' = $2`,
          [name, webhookId],
        )
      )[0];
    const firstTry = { timeoutMs: 2_000 };

    const turn = notification(ola, 'turn');
    await jobs.enqueueAll([{ notification: turn, still: { kind: 'always' } }], { firstTry });
    // Delivered before enqueueAll returned, and nothing was queued.
    expect(receiver.to('/ola/now').map((r) => r.headers['webhook-id'])).toEqual([turn.id]);
    expect(await jobOf(turn.id, now.id)).toBeUndefined();
    expect((await deliveriesOf(ola, now.id))[0]).toMatchObject({ messageId: turn.id, attempt: 1, status: 204 });

    const end = notification(ola, 'finished');
    await jobs.enqueueAll([{ notification: end, still: { kind: 'always' } }], { firstTry });
    expect((await deliveriesOf(ola, later.id))[0]).toMatchObject({ messageId: end.id, attempt: 1, status: 503 });
    // Queued as the second try, after about a minute (the webhooks' first retry delay, with jitter): 13 retries left.
    expect(await jobOf(end.id, later.id)).toMatchObject({
      data: { firstTry: 2 },
      retry_limit: 13,
      late: true,
      state: 'created',
    });

    // Now failing: the next one is not tried by the relay but queued at once, for a worker.
    const again = notification(ola, 'finished');
    const before = receiver.to('/ola/later').length;
    await jobs.enqueueAll([{ notification: again, still: { kind: 'always' } }], { firstTry });
    expect(receiver.to('/ola/later')).toHaveLength(before);
    const queued = await jobOf(again.id, later.id);
    expect(queued?.data.firstTry).toBeUndefined();
    expect(queued?.late).toBe(false);
    receiver.status('/ola/later', 204);
    await eventually(() => receiver.to('/ola/later').some((r) => r.headers['webhook-id'] === again.id) || undefined);
  });

  it('reaches a host name that resolves to this machine, private addresses being allowed here', async () => {
    const eve = await register();
    const hook = await addWebhook(eve, receiver.url('/by-name', 'localhost'), ['match.invitation']);
    await send(notification(eve, 'invitation'));
    expect((await deliveriesWhen(eve, hook.id, 1))[0]).toMatchObject({ status: 204, error: null });
    expect(receiver.to('/by-name')).toHaveLength(1);
  });

  it('records a failure with its status, marks the webhook failing, and clears that on a success', async () => {
    const finn = await register();
    receiver.status('/flaky', 500, 'database down');
    const hook = await addWebhook(finn, receiver.url('/flaky'), ['match.turn']);
    await send(notification(finn, 'turn'));
    const [failed] = await deliveriesWhen(finn, hook.id, 1);
    expect(failed).toMatchObject({ status: 500, error: 'HTTP 500: database down' });
    const [listed] = await listOf(finn);
    expect(listed).toMatchObject({ enabled: true, failingSince: failed.attemptedAt });

    receiver.status('/flaky', 200);
    await send(notification(finn, 'turn'));
    const [ok] = await deliveriesWhen(finn, hook.id, 2);
    expect(ok).toMatchObject({ status: 200, error: null });
    expect((await listOf(finn))[0]).toMatchObject({ enabled: true, failingSince: null });
  });

  it('follows no redirect: a 3xx is a failed attempt, and its target gets nothing', async () => {
    const gus = await register();
    receiver.on('/moved', (_req, res) => res.writeHead(307, { location: receiver.url('/moved-here') }).end());
    const hook = await addWebhook(gus, receiver.url('/moved'), ['match.turn']);
    await send(notification(gus, 'turn'));
    const [attempt] = await deliveriesWhen(gus, hook.id, 1);
    expect(attempt).toMatchObject({
      status: 307,
      error: expect.stringContaining('redirects are not followed') as unknown,
    });
    expect(receiver.to('/moved')).toHaveLength(1);
    expect(receiver.to('/moved-here')).toHaveLength(0);
    expect((await listOf(gus))[0].failingSince).not.toBeNull();
  });

  it('reads a few KiB of an endless answer and closes the connection', async () => {
    const hal = await register();
    let written = 0;
    receiver.on('/endless', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const more = (): void => {
        while (!res.destroyed && res.write('x'.repeat(16 * 1024))) written += 16 * 1024;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const cutBefore = receiver.cutAnswers;
    const hook = await addWebhook(hal, receiver.url('/endless'), ['match.turn']);
    await send(notification(hal, 'turn'));
    const [attempt] = await deliveriesWhen(hal, hook.id, 1);
    expect(attempt).toMatchObject({ status: 200, error: null });
    await eventually(() => (receiver.cutAnswers > cutBefore ? true : undefined));
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('gives up on an answer that does not come within 10 s', async () => {
    const ida = await register();
    receiver.hold('/silent');
    const hook = await addWebhook(ida, receiver.url('/silent'), ['match.turn']);
    await send(notification(ida, 'turn'));
    const [attempt] = await deliveriesWhen(ida, hook.id, 1);
    expect(attempt).toMatchObject({ status: null, error: 'No answer within 10 s.' });
    expect(receiver.to('/silent')).toHaveLength(1);
  }, 60_000);

  it('cuts an answer whose status came but whose body does not end, and takes its status', async () => {
    const kai = await register();
    receiver.on('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('working on it');
    });
    const cutBefore = receiver.cutAnswers;
    const hook = await addWebhook(kai, receiver.url('/trickle'), ['match.turn']);
    await send(notification(kai, 'turn'));
    const [attempt] = await deliveriesWhen(kai, hook.id, 1);
    expect(attempt).toMatchObject({ status: 200, error: null });
    await eventually(() => (receiver.cutAnswers > cutBefore ? true : undefined));
  }, 60_000);

  it('checks an https receiver’s certificate: a self-signed one is a failed attempt, and no request is sent', async () => {
    // A certificate for localhost and 127.0.0.1 made for this test (openssl req -x509, 100 years); the
    // service does not trust it, as it trusts no certificate outside the system's and NODE_EXTRA_CA_CERTS.
    const tls = new URL('./fixtures/webhook-tls/', import.meta.url);
    let requests = 0;
    const server = createHttpsServer(
      { cert: readFileSync(new URL('cert.pem', tls)), key: readFileSync(new URL('key.pem', tls)) },
      (_req, res) => {
        requests++;
        res.writeHead(204).end();
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const lee = await register();
      const port = (server.address() as AddressInfo).port;
      const hook = await addWebhook(lee, `https://127.0.0.1:${port}/hook`, ['match.turn']);
      await send(notification(lee, 'turn'));
      const [attempt] = await deliveriesWhen(lee, hook.id, 1);
      expect(attempt).toMatchObject({ status: null, error: expect.stringMatching(/self-signed/i) as unknown });
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends nothing to a webhook once it is removed', async () => {
    const jo = await register();
    const hook = await addWebhook(jo, receiver.url('/removed'), ['match.turn']);
    const kept = await addWebhook(jo, receiver.url('/kept'), ['match.turn']);
    await request(t.http).delete(`/api/users/me/webhooks/${hook.id}`).set(bearer(jo.token)).expect(204);
    await send(notification(jo, 'turn'));
    await deliveriesWhen(jo, kept.id, 1);
    expect(receiver.to('/removed')).toHaveLength(0);
  });
});
