import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import type { Notification } from '../src/notifications/core/notification.js';
import { NotificationQueue } from '../src/notifications/core/notification-queue.js';
import { PushChannel } from '../src/notifications/push/push-channel.js';
import { VapidKeysRepository } from '../src/notifications/push/vapid-keys.repository.js';
import { MatchClient, type Player } from './support/match-client.js';
import { BrowserKeys, eventually, startPushReceiver, verifyVapid, type PushReceiver } from './support/push-receiver.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Web push in the service's process (docs/web-push.md): the VAPID key, kept; subscriptions, checked
 * and capped; a notification sent through the queue reaching a local receiver standing in for the
 * push service, encrypted to the browser's keys and signed with the VAPID key; a 410 removing the
 * subscription; private addresses refused unless allowed. The receiver is plain HTTP here
 * (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true allows it); test/push-https.e2e-spec.ts runs the real
 * server process against an HTTPS receiver.
 */
const PUBLIC_URL = 'https://nardy.example.com';
let t: TestApp;
let client: MatchClient;
let receiver: PushReceiver;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL });
  client = new MatchClient(t.http);
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

let n = 0;
const register = (): Promise<Player> => client.register(`push_${++n}`);
const bearer = (player: Player) => ({ Authorization: `Bearer ${player.token}` });
const publicKey = async (): Promise<string> =>
  ((await request(t.http).get('/api/push/public-key').expect(200)).body as { publicKey: string }).publicKey;

function subscribe(player: Player, body: unknown): request.Test {
  return request(t.http)
    .post('/api/users/me/push-subscriptions')
    .set(bearer(player))
    .send(body as object);
}
async function subscribed(player: Player, body: unknown): Promise<string> {
  const res = await subscribe(player, body);
  // The problem, when it is refused, shows in the failure.
  expect({ status: res.status, body: res.body as unknown }).toEqual({
    status: 201,
    body: { id: expect.any(String) as unknown },
  });
  return (res.body as { id: string }).id;
}
const subscriptionCount = async (userOf: Player): Promise<number> => {
  const [row] = await t.app
    .get(SqlClient)
    .query<{ count: number }>(
      `SELECT count(*)::int AS count FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.username = $1`,
      [userOf.username],
    );
  return row.count;
};
const userIdOf = async (player: Player): Promise<string> =>
  ((await request(t.http).get('/api/users/me').set(bearer(player)).expect(200)).body as { id: string }).id;

function notification(userId: string, kind: Notification['kind'] = 'turn'): Notification {
  const matchId = randomUUID();
  return {
    id: randomUUID(),
    kind,
    userId,
    createdAt: new Date().toISOString(),
    matchId,
    title: 'Your turn against alice',
    body: 'alice doubled to 2 in your 5-point match.',
    path: `/matches/${matchId}`,
    data: { matchId },
  };
}

let endpoints = 0;
const endpoint = (): string => `${receiver.origin}/push/${++endpoints}`;

describe('the VAPID key', () => {
  it('is public, a base64url P-256 point, made at the first start and kept: a second app on the database answers the same', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(0x04);
    const second = await startTestApp({}, t.db);
    try {
      const again = ((await request(second.http).get('/api/push/public-key').expect(200)).body as { publicKey: string })
        .publicKey;
      expect(again).toBe(key);
    } finally {
      await second.app.close();
    }
  });

  it('nodes starting at once keep one pair: each stores its own if absent, and both read back the first', async () => {
    const keys = t.app.get(VapidKeysRepository);
    const sql = t.app.get(SqlClient);
    const [kept] = await sql.query<{ publicKey: string; privateKey: string }>(
      `SELECT public_key AS "publicKey", private_key AS "privateKey" FROM vapid_keys`,
    );
    await sql.query(`DELETE FROM vapid_keys`);
    try {
      const [a, b] = await Promise.all([
        keys.keepFirst({ publicKey: 'A'.repeat(87), privateKey: 'a'.repeat(43) }, new Date()),
        keys.keepFirst({ publicKey: 'B'.repeat(87), privateKey: 'b'.repeat(43) }, new Date()),
      ]);
      expect(a).toEqual(b);
      expect(await sql.query(`SELECT count(*)::int AS count FROM vapid_keys`)).toEqual([{ count: 1 }]);
    } finally {
      await sql.query(`DELETE FROM vapid_keys`);
      await keys.keepFirst(kept, new Date());
    }
  });
});

describe('subscriptions', () => {
  it('keeps a browser’s PushSubscription JSON (201 {id}); the same endpoint again answers the same id with the new keys', async () => {
    const alice = await register();
    const target = endpoint();
    const first = await subscribed(alice, new BrowserKeys().subscription(target));
    const newer = new BrowserKeys();
    expect(await subscribed(alice, newer.subscription(target))).toBe(first);
    const rows = await t.app
      .get(SqlClient)
      .query(`SELECT p256dh, auth FROM push_subscriptions WHERE id = $1::uuid`, [first]);
    expect(rows).toEqual([{ p256dh: newer.p256dh, auth: newer.auth }]);
  });

  it('an endpoint another account had moves to the one subscribing last', async () => {
    const [bob, carol] = [await register(), await register()];
    const target = endpoint();
    const bobs = await subscribed(bob, new BrowserKeys().subscription(target));
    const carols = await subscribed(carol, new BrowserKeys().subscription(target));
    expect(carols).not.toBe(bobs);
    expect([await subscriptionCount(bob), await subscriptionCount(carol)]).toEqual([0, 1]);
  });

  it.each([
    ['no keys', { endpoint: 'https://push.example.com/a' }, 'keys'],
    ['an endpoint that is no URL', { endpoint: 'push service' }, 'endpoint'],
    ['an ftp endpoint', { endpoint: 'ftp://push.example.com/a' }, 'endpoint'],
    ['an endpoint with a password', { endpoint: 'https://u:p@push.example.com/a' }, 'endpoint'],
    ['a p256dh of 64 bytes', { keys: { p256dh: Buffer.alloc(64, 4).toString('base64url') } }, 'keys.p256dh'],
    [
      'a p256dh off the curve',
      { keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } },
      'keys.p256dh',
    ],
    ['an auth of 15 bytes', { keys: { auth: Buffer.alloc(15).toString('base64url') } }, 'keys.auth'],
    ['an unknown field', { topic: 'x' }, 'topic'],
    ['an expirationTime in words', { expirationTime: 'soon' }, 'expirationTime'],
  ])('refuses %s with 400 problem+json naming the field, and keeps nothing', async (_, change, field) => {
    const dave = await register();
    const good = new BrowserKeys().subscription('https://push.example.com/x');
    const keys = { ...good.keys, ...((change as { keys?: object }).keys ?? {}) };
    const body = { ...good, ...change, keys };
    if (field === 'keys') delete (body as { keys?: object }).keys;
    const res = await subscribe(dave, body)
      .expect(400)
      .expect('content-type', /application\/problem\+json/);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await subscriptionCount(dave)).toBe(0);
  });

  it('refuses a metadata service as the endpoint in any IPv6 form carrying it, though private addresses are allowed here', async () => {
    const mia = await register();
    for (const host of ['169.254.169.254', '[::169.254.169.254]', '[64:ff9b::a9fe:a9fe]', '[::ffff:0:a9fe:a9fe]']) {
      const res = await subscribe(mia, new BrowserKeys().subscription(`https://${host}/push/meta`));
      expect([host, res.status, res.body]).toMatchObject([
        host,
        400,
        { code: 'invalid-push-endpoint', field: 'endpoint' },
      ]);
    }
    expect(await subscriptionCount(mia)).toBe(0);
  });

  it(`holds at most 20 per account (409 too-many-push-subscriptions, with limit)`, async () => {
    const erin = await register();
    for (let i = 0; i < 20; i++) await subscribed(erin, new BrowserKeys().subscription(endpoint()));
    const res = await subscribe(erin, new BrowserKeys().subscription(endpoint())).expect(409);
    expect(res.body).toMatchObject({ code: 'too-many-push-subscriptions', limit: 20 });
    expect(await subscriptionCount(erin)).toBe(20);
  });

  it('is for sign-in tokens: a personal API token gets 403, and no token 401', async () => {
    const fay = await register();
    const pat = (
      (
        await request(t.http)
          .post('/api/users/me/api-tokens')
          .set(bearer(fay))
          .send({ name: 'b', scopes: ['play'] })
      ).body as { token: string }
    ).token;
    const body = new BrowserKeys().subscription(endpoint());
    await request(t.http)
      .post('/api/users/me/push-subscriptions')
      .set({ Authorization: `Bearer ${pat}` })
      .send(body)
      .expect(403);
    await request(t.http).post('/api/users/me/push-subscriptions').send(body).expect(401);
    expect(await subscriptionCount(fay)).toBe(0);
  });

  it('DELETE removes one’s own (204); another’s, an unknown id or no uuid at all is 404 and removes nothing', async () => {
    const [gus, hal] = [await register(), await register()];
    const id = await subscribed(gus, new BrowserKeys().subscription(endpoint()));
    const del = (who: Player, what: string) =>
      request(t.http).delete(`/api/users/me/push-subscriptions/${what}`).set(bearer(who));
    const res = await del(hal, id).expect(404);
    expect(res.body).toMatchObject({ code: 'push-subscription-not-found' });
    await del(gus, randomUUID()).expect(404);
    await del(gus, 'not-a-uuid').expect(404);
    expect(await subscriptionCount(gus)).toBe(1);
    await del(gus, id).expect(204);
    expect(await subscriptionCount(gus)).toBe(0);
  });
});

describe('pushing a notification', () => {
  it('reaches the endpoint encrypted to the browser (aes128gcm), signed with the VAPID key, with TTL, urgency and topic', async () => {
    const ida = await register();
    const browser = new BrowserKeys();
    const target = endpoint();
    await subscribed(ida, browser.subscription(target));
    const sent = notification(await userIdOf(ida));
    const before = receiver.received.length;
    await t.app.get(NotificationQueue).send(sent);
    const push = await eventually('the push', () =>
      receiver.received.slice(before).find((r) => target.endsWith(r.path)),
    );
    expect(browser.decrypt(push.body)).toEqual({
      id: sent.id,
      type: 'turn',
      matchId: sent.matchId,
      title: sent.title,
      body: sent.body,
      url: `${PUBLIC_URL}/matches/${sent.matchId}`,
    });
    expect(push.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: String(24 * 60 * 60),
      urgency: 'normal',
      topic: sent.matchId?.replace(/-/g, ''),
    });
    const claims = verifyVapid(push.headers.authorization, await publicKey());
    expect(claims.aud).toBe(receiver.origin);
    expect(claims.sub).toBe('mailto:nardy@localhost');
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  });

  it('goes to every browser of the account, and to none for account mail', async () => {
    const jo = await register();
    const userId = await userIdOf(jo);
    const ids = [
      await subscribed(jo, new BrowserKeys().subscription(endpoint())),
      await subscribed(jo, new BrowserKeys().subscription(endpoint())),
    ];
    const channel = t.app.get(PushChannel);
    expect(await channel.destinations(notification(userId))).toEqual(ids);
    expect(await channel.destinations(notification(userId, 'account'))).toEqual([]);
    // A batch, as the relay asks: each notification gets its own account's browsers, in order.
    const lou = await userIdOf(await register());
    expect(
      await channel.destinationsOf([notification(lou), notification(userId), notification(userId, 'account')]),
    ).toEqual([[], ids, []]);
  });

  it('a 410 answer removes the subscription and resolves; a 500 throws (retried) and keeps it', async () => {
    const kim = await register();
    const userId = await userIdOf(kim);
    const id = await subscribed(kim, new BrowserKeys().subscription(endpoint()));
    const channel = t.app.get(PushChannel);
    try {
      receiver.answer = 500;
      await expect(channel.deliver(notification(userId), id)).rejects.toThrow(/500/);
      expect(await subscriptionCount(kim)).toBe(1);
      receiver.answer = 410;
      const before = receiver.received.length;
      await t.app.get(NotificationQueue).send(notification(userId));
      await eventually('the subscription removed', async () => (await subscriptionCount(kim)) === 0);
      expect(receiver.received.length).toBe(before + 1);
      // Gone, it is not pushed to again.
      await channel.deliver(notification(userId), id);
      expect(receiver.received.length).toBe(before + 1);
    } finally {
      receiver.answer = 201;
    }
  });
});

describe('with WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
  });
  afterAll(() => strict?.close());

  it('an http endpoint or a private IP address in any form is refused (400 invalid-push-endpoint), and a name resolving to this machine is never called', async () => {
    const local = new MatchClient(strict.http);
    const lee = await local.register('strict_lee');
    const post = (body: unknown) =>
      request(strict.http)
        .post('/api/users/me/push-subscriptions')
        .set(bearer(lee))
        .send(body as object);
    const refused = await post(new BrowserKeys().subscription(`${receiver.origin}/push/plain`)).expect(400);
    expect(refused.body).toMatchObject({ code: 'invalid-push-endpoint', field: 'endpoint' });

    // An IP address that is not public, in any form, is refused when subscribing.
    const port = new URL(receiver.origin).port;
    for (const host of ['127.0.0.1', '[::127.0.0.1]', '[::169.254.169.254]', '[::ffff:0:7f00:1]', '[2002:7f00:1::]']) {
      const res = await post(new BrowserKeys().subscription(`https://${host}:${port}/push/ip`));
      expect([host, res.status, res.body]).toMatchObject([
        host,
        400,
        { code: 'invalid-push-endpoint', field: 'endpoint' },
      ]);
    }

    // A name resolving to this machine, over https: refused at connect time, after resolution, before any TLS.
    const loopback = `https://localhost:${port}/push/loopback`;
    const id = ((await post(new BrowserKeys().subscription(loopback)).expect(201)).body as { id: string }).id;
    const userId = (
      (await request(strict.http).get('/api/users/me').set(bearer(lee)).expect(200)).body as { id: string }
    ).id;
    const before = receiver.received.length;
    await expect(strict.app.get(PushChannel).deliver(notification(userId), id)).rejects.toThrow(/is not allowed/);
    expect(receiver.received.length).toBe(before);
  });
});
