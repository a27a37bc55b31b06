import { randomBytes } from 'node:crypto';
import { registerPlayer } from '../bench/http-client.js';
import { CrashableServer } from './support/crashable-server.js';
import { describeOnPostgres } from './support/database-mode.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * kill -9 between the commit and the delivery (docs/notifications.md, "Durable delivery"): the
 * built server, armed with the test-only fault FAULT_KILL_AFTER_COMMIT, kills itself (SIGKILL)
 * right after the request that invites bob has committed, before anything was delivered; the
 * outbox row is in the database. Started again on the same database, it delivers the invitation
 * to bob's webhook, once. Then, running normally, a move reaches the receiver as a turn
 * notification (the time it took is printed, for the figure; never asserted).
 */
const SCENARIO_TIMEOUT_MS = 240_000;

let node: CrashableServer;
let receiver: WebhookReceiver;
const password = randomBytes(12).toString('hex');

interface MatchJson {
  readonly version: number;
  readonly turn: { readonly player: 'white' | 'black' };
  readonly players: Record<'white' | 'black', { readonly username: string }>;
  readonly actions: readonly string[];
}

async function get<T>(path: string, token: string): Promise<T> {
  const answer = await node.http.send('GET', path, token);
  expect([path, answer.status]).toEqual([path, 200]);
  return answer.body as T;
}

async function post(path: string, token: string, body: unknown, key?: string): Promise<number> {
  return (await node.http.send('POST', path, token, body, key === undefined ? {} : { 'idempotency-key': key })).status;
}

describeOnPostgres('a crash between the commit and the delivery', () => {
  beforeAll(async () => {
    node = await CrashableServer.prepare('notifications-crash', {
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      BOTS_ENABLED: 'false',
      JWT_SECRET: 'notifications-crash-secret-long-enough-0123456789',
    });
    receiver = await WebhookReceiver.start();
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await node?.close();
    await receiver?.close();
  });

  it(
    'loses nothing: after the restart the invitation reaches the webhook, once',
    async () => {
      await node.start('on');
      const alice = await registerPlayer(node.http, 'alice', password);
      const bob = await registerPlayer(node.http, 'bob', password);
      const hook = await post('/api/users/me/webhooks', bob, {
        url: receiver.url('/bob'),
        events: ['match.invitation', 'match.turn'],
      });
      expect(hook).toBe(201);

      // The process dies right after the commit: the connection is reset, nothing was delivered.
      await expect(
        post('/api/matches', alice, { variant: 'backgammon', length: 3, opponent: 'bob' }, 'invite-1'),
      ).rejects.toThrow();
      await node.stop();
      expect(receiver.to('/bob')).toEqual([]);
      const pending =
        (await node.count("SELECT count(*)::int AS n FROM outbox WHERE consumer = 'notifications.match'")) +
        (await node.count("SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'notification%'"));
      expect(pending).toBeGreaterThan(0);

      await node.start('off');
      const [invitation] = await eventually(
        () => (receiver.to('/bob').length > 0 ? receiver.to('/bob') : undefined),
        60,
      );
      const body = JSON.parse(invitation.body) as { type: string; data: { matchId: string } };
      expect(body.type).toBe('match.invitation');
      const matchId = body.data.matchId;
      expect(typeof invitation.headers['webhook-id']).toBe('string');

      // Bob joins; the players take their turns until alice hands one to bob: her last action reaches
      // bob's webhook as match.turn.
      expect(await post(`/api/matches/${matchId}/join`, bob, {})).toBe(200);
      const tokens: Record<string, string> = { alice, bob };
      let handedToBob = 0;
      for (let actions = 0; handedToBob === 0 && actions < 40; actions++) {
        const view = await get<MatchJson>(`/api/matches/${matchId}`, alice);
        const player = view.players[view.turn.player].username;
        const mine = await get<MatchJson>(`/api/matches/${matchId}`, tokens[player]);
        const acted = Date.now();
        if (mine.actions.includes('roll'))
          expect(await post(`/api/matches/${matchId}/roll`, tokens[player], {})).toBe(200);
        else {
          const legal = await get<{ plays: Array<{ moves: unknown }> }>(
            `/api/matches/${matchId}/legal-plays`,
            tokens[player],
          );
          expect(await post(`/api/matches/${matchId}/plays`, tokens[player], { moves: legal.plays[0].moves })).toBe(
            200,
          );
        }
        const after = await get<MatchJson>(`/api/matches/${matchId}`, alice);
        if (player === 'alice' && after.players[after.turn.player].username === 'bob') {
          const version = after.version;
          await eventually(
            () =>
              receiver.to('/bob').find((r) => {
                const sent = JSON.parse(r.body) as { type: string; data: { version?: number } };
                return sent.type === 'match.turn' && sent.data.version === version ? r : undefined;
              }),
            60,
          );
          handedToBob = Date.now() - acted;
        }
      }
      expect(handedToBob).toBeGreaterThan(0);
      console.log(`A move reached the webhook receiver as match.turn ${handedToBob} ms after it was sent`);
      // Once: whatever came after, the invitation's id arrived one time.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const ids = receiver.to('/bob').map((r) => r.headers['webhook-id']);
      expect(ids.filter((id) => id === invitation.headers['webhook-id'])).toHaveLength(1);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
