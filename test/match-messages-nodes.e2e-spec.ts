import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SseClient } from '../bench/sse-client.js';
import { bearer } from './support/email-addresses.js';
import { linkTokenOf, Mailbox, textOf } from './support/mailbox.js';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { describeOnPostgres } from './support/database-mode.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Match messages across two nodes sharing one database (docs/community.md, "Match messages";
 * docs/architecture.md, "Live notices"): a message POSTed on node A reaches the other player's streams
 * held on node B; it reaches them away from the board as a notification of kind `message`, the
 * webhook `match.message` to a real receiver and a mail to a real SMTP server; and the latency from
 * the POST to the other player's stream on B, beside that of a match action's event over the same
 * nodes, is measured and printed.
 */
let a: TestApp;
let b: TestApp;
let onA: MatchClient;
let portB: number;
let mailbox: Mailbox;
let receiver: WebhookReceiver;
const open: SseClient[] = [];
let n = 0;

describeOnPostgres('match messages on two nodes', () => {
  beforeAll(async () => {
    mailbox = await Mailbox.start();
    receiver = await WebhookReceiver.start();
    const env = { AUTH_THROTTLE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', SMTP_URL: mailbox.url };
    a = await startTestApp(env);
    b = await startTestApp(env, a.db);
    await new Promise<void>((resolve) => b.http.listen(0, '127.0.0.1', resolve));
    portB = (b.http.address() as AddressInfo).port;
    onA = new MatchClient(a.http);
  }, 60_000);
  afterEach(() => {
    for (const sse of open.splice(0)) sse.close();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await receiver.close();
    await mailbox.close();
  });

  async function streamOnB(path: string, player: Player): Promise<SseClient> {
    const sse = await SseClient.open(portB, path, bearer(player.token));
    open.push(sse);
    expect(sse.status).toBe(200);
    return sse;
  }

  async function matchUnderWay(): Promise<{ alice: Player; bob: Player; match: MatchStateJson }> {
    const k = ++n;
    const alice = await onA.register(`alice_${k}`);
    const bob = await onA.register(`bob_${k}`);
    const created = await onA.create(alice, {
      opponent: bob.username,
      variant: 'long-nardy',
      length: 5,
      colour: 'white',
    });
    return { alice, bob, match: await onA.ok(bob, created.id, 'join') };
  }

  const postOnA = (player: Player, matchId: string, text: string) =>
    request(a.http).post(`/api/matches/${matchId}/messages`).set(bearer(player.token)).send({ text });

  it('delivers a message POSTed on node A to the other player’s match and player streams on node B', async () => {
    const { alice, bob, match } = await matchUnderWay();
    const matchStream = await streamOnB(`/api/matches/${match.id}/stream`, bob);
    const own = await streamOnB('/api/users/me/stream', bob);
    const res = await postOnA(alice, match.id, 'Hello from node A');
    expect(res.status).toBe(201);
    for (const sse of [matchStream, own]) {
      await sse.waitFor((c) => c.events.some((e) => e.event === 'message'));
      const message = sse.events.find((e) => e.event === 'message')!;
      expect({ id: message.id, data: JSON.parse(message.data) as unknown }).toEqual({
        id: null,
        data: res.body as unknown,
      });
    }
  });

  it('tells the other player by webhook (match.message) and by mail, once, in their language', async () => {
    const { alice, bob, match } = await matchUnderWay();
    // Bob: a webhook for messages, a verified address, messages by mail at once, Russian.
    const made = await request(a.http)
      .post('/api/users/me/webhooks')
      .set(bearer(bob.token))
      .send({ url: receiver.url('/bob'), events: ['match.message'] })
      .expect(201);
    const address = `${bob.username}@example.com`;
    await request(a.http).put('/api/users/me/email').set(bearer(bob.token)).send({ email: address }).expect(202);
    const verification = await mailbox.nth(address, 1);
    await request(a.http)
      .post('/api/users/me/email/verify')
      .set(bearer(bob.token))
      .send({ token: linkTokenOf(verification) })
      .expect(204);
    await request(a.http)
      .put('/api/users/me/notifications')
      .set(bearer(bob.token))
      .send({ message: { email: 'immediately' } })
      .expect(200);
    await request(a.http).patch('/api/users/me').set(bearer(bob.token)).send({ language: 'ru' }).expect(200);

    const sent = (await postOnA(alice, match.id, 'Ходи уже!').expect(201)).body as { id: string; createdAt: string };
    const delivered = await eventually(() => receiver.to('/bob')[0]);
    const hook = new Webhook((made.body as { secret: string }).secret);
    const body = hook.verify(delivered.body, {
      'webhook-id': String(delivered.headers['webhook-id']),
      'webhook-timestamp': String(delivered.headers['webhook-timestamp']),
      'webhook-signature': String(delivered.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'match.message',
      data: {
        matchId: match.id,
        messageId: sent.id,
        from: alice.username,
        text: 'Ходи уже!',
        createdAt: sent.createdAt,
        variant: 'long-nardy',
        length: 5,
      },
    });
    const mail = await mailbox.nth(address, 2);
    expect(mail.subject).toBe(`${alice.username} пишет вам`);
    expect(textOf(mail)).toContain('«Ходи уже!»');
    // Alice, the author, hears nothing of her own message; Bob's webhook has it once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.to('/bob')).toHaveLength(1);
    expect(mailbox.to(address)).toHaveLength(2);
  });

  it('measures the latency from a POST on A to the other player’s stream on B, beside a match action’s', async () => {
    const pairs = await Promise.all([matchUnderWay(), matchUnderWay(), matchUnderWay()]);
    const streams = new Map<string, SseClient>();
    for (const { alice, bob } of pairs) {
      streams.set(alice.username, await streamOnB('/api/users/me/stream', alice));
      streams.set(bob.username, await streamOnB('/api/users/me/stream', bob));
    }
    const messages: number[] = [];
    // 3 matches x 2 authors x 10 messages: within the limit of 10 a minute per author and match.
    for (let round = 0; round < 10; round++) {
      for (const { alice, bob, match } of pairs) {
        for (const [author, reader] of [
          [alice, bob],
          [bob, alice],
        ] as const) {
          const sse = streams.get(reader.username)!;
          const seen = sse.events.length;
          const text = `latency ${round} ${author.username}`;
          const start = performance.now();
          await postOnA(author, match.id, text).expect(201);
          await sse.waitFor((c) => c.events.slice(seen).some((e) => e.event === 'message' && e.data.includes(text)));
          const arrived = sse.events.slice(seen).find((e) => e.event === 'message' && e.data.includes(text))!;
          messages.push(arrived.at - start);
        }
      }
    }
    // The reference: a match action's event on the same nodes, POSTed on A, read on the other player's stream on B.
    const actions: number[] = [];
    for (let i = 0; actions.length < 60; i++) {
      const { alice, bob, match } = pairs[i % pairs.length];
      const state = await onA.state(match.id);
      if (state.status !== 'playing') continue;
      const mover = state.turn.player === 'white' ? alice : bob;
      const other = mover === alice ? bob : alice;
      const sse = streams.get(other.username)!;
      const { actions: can } = await onA.state(match.id, mover);
      const body = can.includes('plays') ? { moves: (await onA.legalPlays(match.id)).plays[0].moves } : {};
      const next = `${match.id}:${state.version + 1}`;
      const start = performance.now();
      await onA.ok(mover, match.id, can.includes('plays') ? 'plays' : 'roll', body);
      await sse.waitFor((c) => c.events.some((e) => e.id === next));
      actions.push(sse.events.find((e) => e.id === next)!.at - start);
    }
    const figures = { messages: summary(messages), actions: summary(actions) };
    process.stdout.write(
      `match message latency, POST on A to the other player's stream on B (ms): ${JSON.stringify(figures)}\n`,
    );
    expect(messages).toHaveLength(60);
    expect(figures.messages.p95).toBeLessThan(2_000);
  }, 120_000);
});

/** The count, median and 95th percentile of `samples` (ms, rounded to 0.1). */
function summary(samples: readonly number[]): { count: number; median: number; p95: number; max: number } {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (q: number): number =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10;
  return { count: sorted.length, median: at(0.5), p95: at(0.95), max: at(1) };
}
