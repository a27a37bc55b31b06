import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { JsonClient, registerPlayer } from '../bench/http-client.js';
import { startServer, type ServerProcess } from '../bench/server-process.js';
import { describeOnPostgres } from './support/database-mode.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { eventually, WebhookReceiver } from './support/webhook-receiver.js';

/**
 * kill -9 between the commit and the delivery (docs/notifications.md, "Durable delivery"): the
 * built server, armed with the test-only fault FAULT_KILL_AFTER_COMMIT, kills itself (SIGKILL)
 * right after the request that invites bob has committed, before anything was delivered; the
 * outbox row is in the database. Started again on the same database, it delivers the invitation
 * to bob's webhook, once. Then, running normally, a move reaches the receiver as a turn
 * notification (the time it took is printed, for the figure; never asserted).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(root, 'dist/main.js');
const START_DEADLINE_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 240_000;

let db: TestDatabase;
let work: string;
let server: ServerProcess;
let receiver: WebhookReceiver;
const password = randomBytes(12).toString('hex');

async function start(fault: 'on' | 'off'): Promise<void> {
  server = await startServer({
    main: MAIN,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      FAULT_KILL_AFTER_COMMIT: fault,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      BOTS_ENABLED: 'false',
      DATABASE_URL: db.url,
      DATA_DIR: work,
      JWT_SECRET: 'notifications-crash-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    },
    logFile: join(work, `server-${fault}.log`),
    startTimeoutMs: START_DEADLINE_MS,
  });
  http?.close();
  http = new JsonClient(server.base);
}

async function count(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql)).rows[0].n;
  } finally {
    await client.end();
  }
}

interface MatchJson {
  readonly version: number;
  readonly turn: { readonly player: 'white' | 'black' };
  readonly players: Record<'white' | 'black', { readonly username: string }>;
  readonly actions: readonly string[];
}

/** Requests to the server running now, on connections of its own (none kept from the one killed). */
let http: JsonClient;

async function get<T>(path: string, token: string): Promise<T> {
  const answer = await http.send('GET', path, token);
  expect([path, answer.status]).toEqual([path, 200]);
  return answer.body as T;
}

async function post(path: string, token: string, body: unknown, key?: string): Promise<number> {
  return (await http.send('POST', path, token, body, key === undefined ? {} : { 'idempotency-key': key })).status;
}

describeOnPostgres('a crash between the commit and the delivery', () => {
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build`);
    work = mkdtempSync(join(tmpdir(), 'nardy-notifications-crash-'));
    db = await createTestDatabase();
    receiver = await WebhookReceiver.start();
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    http?.close();
    server?.kill();
    await server?.stop();
    await receiver?.close();
    await db?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(
    'loses nothing: after the restart the invitation reaches the webhook, once',
    async () => {
      await start('on');
      const alice = await registerPlayer(http, 'alice', password);
      const bob = await registerPlayer(http, 'bob', password);
      const hook = await post('/api/users/me/webhooks', bob, {
        url: receiver.url('/bob'),
        events: ['match.invitation', 'match.turn'],
      });
      expect(hook).toBe(201);

      // The process dies right after the commit: the connection is reset, nothing was delivered.
      await expect(
        post('/api/matches', alice, { variant: 'backgammon', length: 3, opponent: 'bob' }, 'invite-1'),
      ).rejects.toThrow();
      await server.stop();
      expect(receiver.to('/bob')).toEqual([]);
      const pending =
        (await count('SELECT count(*)::int AS n FROM notification_outbox')) +
        (await count("SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'notification%'"));
      expect(pending).toBeGreaterThan(0);

      await start('off');
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
