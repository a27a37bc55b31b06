import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { NotificationQueue } from '../src/notifications/index.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhooks reach public addresses only (docs/webhooks.md, "Addresses"), as in production
 * (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false): an IP address that is not public is refused at
 * registration; a host name resolving to one is registered, and refused at each delivery, once
 * resolved, so nothing reaches a receiver on this machine. (test/webhooks.e2e-spec.ts, with them
 * allowed, shows the same receiver reached by the same names.)
 */
let t: TestApp;
let client: MatchClient;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
  client = new MatchClient(t.http);
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let n = 0;
async function register(): Promise<Player & { id: string }> {
  const player = await client.register(`addr_${++n}`);
  const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
  return { ...player, id: (me.body as { id: string }).id };
}

it('refuses loopback, private, link-local and metadata IP addresses at registration', async () => {
  const alice = await register();
  for (const url of [
    receiver.url('/hook'),
    receiver.url('/hook', '[::1]'),
    `http://127.1:${receiver.port}/hook`,
    `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
    'http://10.0.0.1/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/hook',
  ]) {
    const res = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(alice.token))
      .send({ url, events: ['match.turn'] });
    expect([url, res.status, res.body]).toMatchObject([url, 400, { code: 'webhook-address-refused', field: 'url' }]);
  }
  const listed = await request(t.http).get('/api/users/me/webhooks').set(bearer(alice.token)).expect(200);
  expect(listed.body).toEqual({ items: [] });
  // A public address is taken (nothing is sent to it here).
  await request(t.http)
    .post('/api/users/me/webhooks')
    .set(bearer(alice.token))
    .send({ url: 'https://93.184.215.14/hook', events: ['match.turn'] })
    .expect(201);
});

it('refuses an IPv6 address carrying a loopback, private or metadata IPv4 one, in any of its forms', async () => {
  const carl = await register();
  for (const url of [
    `http://[::127.0.0.1]:${receiver.port}/hook`,
    'http://[::169.254.169.254]/latest/meta-data/',
    `http://[::ffff:0:127.0.0.1]:${receiver.port}/hook`,
    'http://[64:ff9b::10.0.0.1]/hook',
    'http://[64:ff9b:1::c0a8:1]/hook',
    `http://[2002:7f00:1::]:${receiver.port}/hook`,
    'http://[2001:0:a9fe:a9fe::1]/hook',
    'http://[0:0:0:0:0:0:7F00:0001]/hook',
  ]) {
    const res = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(carl.token))
      .send({ url, events: ['match.turn'] });
    expect([url, res.status, res.body]).toMatchObject([url, 400, { code: 'webhook-address-refused', field: 'url' }]);
  }
  expect((await request(t.http).get('/api/users/me/webhooks').set(bearer(carl.token)).expect(200)).body).toEqual({
    items: [],
  });
  // A public IPv4 address in such a form is judged as that address: taken.
  await request(t.http)
    .post('/api/users/me/webhooks')
    .set(bearer(carl.token))
    .send({ url: 'https://[64:ff9b::93.184.215.14]/hook', events: ['match.turn'] })
    .expect(201);
});

it('refuses, at delivery, a host name that resolves to this machine: the attempt fails and nothing arrives', async () => {
  const bob = await register();
  const made = await request(t.http)
    .post('/api/users/me/webhooks')
    .set(bearer(bob.token))
    .send({ url: receiver.url('/by-name', 'localhost'), events: ['match.turn'] })
    .expect(201);
  const id = (made.body as { id: string }).id;
  await t.app.get(NotificationQueue).send({
    id: randomUUID(),
    kind: 'turn',
    userId: bob.id,
    createdAt: new Date().toISOString(),
    matchId: randomUUID(),
    title: 'Your turn',
    body: 'Your turn.',
    path: '/',
    data: {},
  });
  const [attempt] = await eventually(async () => {
    const res = await request(t.http).get(`/api/users/me/webhooks/${id}/deliveries`).set(bearer(bob.token));
    const items = (res.body as { items: Array<Record<string, unknown>> }).items;
    return items.length > 0 ? items : undefined;
  });
  expect(attempt).toMatchObject({ status: null, error: expect.stringContaining('not allowed') as unknown });
  expect(receiver.requests).toHaveLength(0);
});
