import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import type { Notification } from '../src/notifications/core/notification.js';
import { NotificationQueue, type SendOptions } from '../src/notifications/index.js';
import { WebhookChannel } from '../src/notifications/webhooks/webhook.channel.js';
import { MatchClient, type Player } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/**
 * A webhook failing for 3 days is disabled (docs/webhooks.md, "Disabling"): its owner is told by
 * an account notification, and nothing more is sent to it; a success in between starts the count
 * again. The queue here records what is sent and delivers webhooks at once, each attempt awaited,
 * so that the time the ManualClock says is the time of each attempt.
 */
class RecordingQueue extends NotificationQueue {
  readonly sent: Array<{ notification: Notification; inTransaction: boolean }> = [];
  channel: WebhookChannel | undefined;

  async send(notification: Notification, options: SendOptions = {}): Promise<void> {
    this.sent.push({ notification, inTransaction: options.tx !== undefined });
    if (!this.channel) return;
    for (const destination of await this.channel.destinations(notification)) {
      await this.channel.deliver(notification, destination, { number: 1, final: false }).catch(() => undefined);
    }
  }
}

const clock = new ManualClock('2026-11-27T09:00:00.000Z');
const queue = new RecordingQueue();
let t: TestApp;
let client: MatchClient;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, undefined, {
    overrides: [
      { provide: Clock, useValue: clock },
      { provide: NotificationQueue, useValue: queue },
    ],
  });
  queue.channel = t.app.get(WebhookChannel);
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
  const player = await client.register(`dis_${++n}`);
  const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
  return { ...player, id: (me.body as { id: string }).id };
}
async function addWebhook(owner: Player, path: string, label?: string): Promise<string> {
  const res = await request(t.http)
    .post('/api/users/me/webhooks')
    .set(bearer(owner.token))
    .send({ url: receiver.url(path), events: ['match.turn'], label })
    .expect(201);
  return (res.body as { id: string }).id;
}
const webhookOf = async (owner: Player, id: string): Promise<Record<string, unknown>> =>
  (
    (await request(t.http).get('/api/users/me/webhooks').set(bearer(owner.token)).expect(200)).body as {
      items: Array<Record<string, unknown>>;
    }
  ).items.find((w) => w.id === id)!;
const deliveriesOf = async (owner: Player, id: string): Promise<Array<Record<string, unknown>>> =>
  (
    (await request(t.http).get(`/api/users/me/webhooks/${id}/deliveries`).set(bearer(owner.token)).expect(200))
      .body as { items: Array<Record<string, unknown>> }
  ).items;

function turn(owner: { id: string }): Notification {
  return {
    id: randomUUID(),
    kind: 'turn',
    userId: owner.id,
    createdAt: clock.now().toISOString(),
    matchId: randomUUID(),
    title: 'Your turn',
    body: 'Your turn.',
    path: '/',
    data: {},
  };
}
const accountNotices = (userId: string): Notification[] =>
  queue.sent.map((s) => s.notification).filter((s) => s.kind === 'account' && s.userId === userId);

it('disables a webhook that has failed for 3 days, tells its owner (naming it by its label), and sends it nothing more', async () => {
  const alice = await register();
  receiver.status('/down', 503);
  const id = await addWebhook(alice, '/down', 'Alice’s bot');
  const firstFailure = clock.now().toISOString();

  await queue.send(turn(alice));
  clock.advanceDays(1);
  await queue.send(turn(alice));
  clock.advance(2 * DAY - 60_000);
  await queue.send(turn(alice));
  expect(await webhookOf(alice, id)).toMatchObject({ enabled: true, failingSince: firstFailure, disabledAt: null });
  expect(accountNotices(alice.id)).toEqual([]);

  clock.advance(60_000);
  await queue.send(turn(alice));
  const disabledAt = clock.now().toISOString();
  expect(await webhookOf(alice, id)).toMatchObject({
    enabled: false,
    failingSince: firstFailure,
    disabledAt,
    disabledReason: expect.stringContaining(firstFailure) as unknown,
  });
  expect(receiver.to('/down')).toHaveLength(4);
  expect(accountNotices(alice.id)).toEqual([
    expect.objectContaining({
      kind: 'account',
      userId: alice.id,
      matchId: null,
      body: expect.stringContaining(`your webhook “Alice’s bot” (${receiver.url('/down')})`) as unknown,
      data: expect.objectContaining({
        template: 'webhook-disabled',
        url: receiver.url('/down'),
        label: 'Alice’s bot',
        webhookId: id,
      }) as unknown,
    }),
  ]);
  expect(queue.sent.find((s) => s.notification.kind === 'account')?.inTransaction).toBe(true);

  // Nothing more is sent to it, and it is told once.
  clock.advanceDays(1);
  await queue.send(turn(alice));
  expect(receiver.to('/down')).toHaveLength(4);
  expect(await deliveriesOf(alice, id)).toHaveLength(4);
  expect(accountNotices(alice.id)).toHaveLength(1);
});

it('starts counting again after a success: failures on either side of it do not add up', async () => {
  const bob = await register();
  receiver.status('/flaky', 500);
  const id = await addWebhook(bob, '/flaky');
  await queue.send(turn(bob));
  clock.advanceDays(2);
  receiver.status('/flaky', 204);
  await queue.send(turn(bob));
  expect(await webhookOf(bob, id)).toMatchObject({ enabled: true, failingSince: null });
  clock.advanceDays(1);
  receiver.status('/flaky', 500);
  await queue.send(turn(bob));
  const secondRun = clock.now().toISOString();
  clock.advanceDays(2);
  await queue.send(turn(bob));
  expect(await webhookOf(bob, id)).toMatchObject({ enabled: true, failingSince: secondRun });
  expect(accountNotices(bob.id)).toEqual([]);
  expect(receiver.to('/flaky')).toHaveLength(4);
});

it('keeps the last 50 attempts of a webhook, newest first', async () => {
  const carol = await register();
  const id = await addWebhook(carol, '/busy');
  const sent: string[] = [];
  for (let i = 0; i < 55; i++) {
    const notice = turn(carol);
    sent.push(notice.id);
    await queue.send(notice);
    clock.advance(1000);
  }
  const items = await deliveriesOf(carol, id);
  expect(items.map((item) => item.messageId)).toEqual(sent.slice(5).reverse());
  expect(receiver.to('/busy')).toHaveLength(55);
});
