import request from 'supertest';
import { MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Turning an account into a bot is one step against taking a seat (docs/bots.md, "Outside bots"):
 * raced against the account creating a match, or joining one (an open challenge asked rated, an
 * invitation), never do both get through with the account seated as a person: either it sat down
 * as a person and the upgrade is 409 account-has-played, or it became a bot first and sat down as
 * one. Each round races the two requests on a fresh account.
 */
const ROUNDS = 12;

let t: TestApp;
let client: MatchClient;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({
    AUTH_THROTTLE_LIMIT: '1000',
    OPEN_CHALLENGES_PER_USER: '1000',
    INVITATIONS_PER_USER: '1000',
    INVITATIONS_PER_TARGET: '1000',
  });
  client = new MatchClient(t.http);
}, 60_000);
afterAll(() => t.close());

const upgrade = (player: Player) =>
  request(t.http).post('/api/users/me/upgrade-to-bot').set('Authorization', `Bearer ${player.token}`);

/** Whether the account of `username` is a bot, as its profile says now. */
async function isBot(username: string): Promise<boolean> {
  return ((await request(t.http).get(`/api/users/${username}`).expect(200)).body as { bot: boolean }).bot;
}

/**
 * The race's outcome holds together: the seat was taken (`seated`, the answer to the creation or
 * join) either as a person, and the upgrade was refused, or as a bot, after an upgrade that passed.
 */
async function expectOneStep(racer: Player, seated: request.Response, upgraded: request.Response): Promise<void> {
  expect([200, 201]).toContain(seated.status);
  const state = seated.body as MatchStateJson;
  const seat = Object.values(state.players).find((player) => player?.username === racer.username);
  expect(seat).toBeDefined();
  if (seat!.bot) {
    expect(upgraded.status).toBe(200);
  } else {
    expect(upgraded.status).toBe(409);
    expect((upgraded.body as { code: string }).code).toBe('account-has-played');
  }
  expect(await isBot(racer.username)).toBe(seat!.bot);
}

it(`races upgrade-to-bot against the account creating a match, ${ROUNDS} times: one step or the other`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const racer = await client.register(`creator_${++n}`);
    const [upgraded, created] = await Promise.all([
      upgrade(racer),
      client.createRaw(racer, { variant: 'backgammon', length: 1 }),
    ]);
    await expectOneStep(racer, created, upgraded);
  }
}, 120_000);

it.each([
  ['an open challenge asked rated', false],
  ['an invitation', true],
])(
  `races upgrade-to-bot against the account joining %s, ${ROUNDS} times: one step or the other`,
  async (_, invite) => {
    const host = await client.register(`host_${++n}`);
    for (let round = 0; round < ROUNDS; round++) {
      const racer = await client.register(`joiner_${++n}`);
      const match = await client.create(host, {
        variant: 'backgammon',
        length: 1,
        ...(invite ? { opponent: racer.username, rated: false } : {}),
      });
      const [upgraded, joined] = await Promise.all([upgrade(racer), client.act(racer, match.id, 'join')]);
      await expectOneStep(racer, joined, upgraded);
    }
  },
  120_000,
);
