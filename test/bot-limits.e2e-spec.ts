import request from 'supertest';
import { houseBotId, waitForState } from './support/bot-opponent.js';
import { expectProblem, MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The cap on each person's matches under way against each house bot (docs/bots.md, "Fair turns";
 * BOT_MATCHES_PER_USER, here 2): one more is refused with 409 `too-many-bot-matches` and the limit,
 * storing nothing; invitations waiting for the bot's answer count, as do matches it plays; a finished
 * one frees its place; each house bot and each person is counted apart.
 */
let t: TestApp;
let client: MatchClient;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', BOT_MATCHES_PER_USER: '2', GNUBG_PATH: 'off' });
  client = new MatchClient(t.http);
});
afterAll(() => t.close());

const money = { variant: 'backgammon', length: 0 };

/** The matches against `bot` that `player` created, by the database. */
async function againstBot(player: Player, bot: string): Promise<number> {
  return t.prisma.match.count({
    where: { creator: { username: player.username }, invitedId: await houseBotId(t.prisma, bot) },
  });
}

describe('matches under way against a house bot', () => {
  it('are capped per person and bot (409 too-many-bot-matches with the limit, nothing stored); a finished one frees its place', async () => {
    const ann = await client.register('ann');
    const first = await client.create(ann, { opponent: 'bot', ...money });
    await waitForState(client, first.id, ann, (s) => s.status === 'playing', 'the bot joining');
    await client.create(ann, { opponent: 'bot', ...money });

    const refused = await client.createRaw(ann, { opponent: 'bot', ...money }).expect(409);
    expectProblem(refused);
    expect(refused.body).toMatchObject({ code: 'too-many-bot-matches', limit: 2 });
    expect((refused.body as { detail: string }).detail).toContain('2 matches under way against this house bot');
    expect(await againstBot(ann, 'bot')).toBe(2);

    // Another house bot, and a person, are counted apart; another person may invite bot.
    await client.create(ann, { opponent: 'bot-easy', ...money });
    const bob = await client.register('bob');
    await client.create(ann, { opponent: bob.username, ...money });
    await client.create(bob, { opponent: 'bot', ...money });

    // Ann leaves the first session: it is over, and she may invite bot again.
    const left = await client.ok(ann, first.id, 'leave');
    expect(left.status).toBe('finished');
    await client.create(ann, { opponent: 'bot', ...money });
    await client.createRaw(ann, { opponent: 'bot', ...money }).expect(409);
  });
});

describe('the house bots listed', () => {
  it('say which play now: gnubg is not available without GNU Backgammon, and inviting it is refused (422)', async () => {
    const res = await request(t.http).get('/api/house-bots').expect(200);
    const items = (res.body as { items: Record<string, unknown>[] }).items;
    expect(items.map((bot) => bot.username)).toEqual(['bot', 'bot-easy', 'gnubg']);
    expect(items).toEqual([
      expect.objectContaining({
        houseBot: 'bot',
        available: true,
        unavailableReason: null,
        variants: ['backgammon', 'long-nardy'],
      }),
      expect.objectContaining({ houseBot: 'bot-easy', available: true, variants: ['backgammon', 'long-nardy'] }),
      expect.objectContaining({
        houseBot: 'gnubg',
        available: false,
        variants: ['backgammon'],
        unavailableReason: expect.stringContaining('not available') as unknown,
      }),
    ]);
    const ann = await client.register('cleo');
    const invited = await client.createRaw(ann, { opponent: 'gnubg', ...money }).expect(422);
    expect(invited.body).toMatchObject({ code: 'bot-cannot-play', houseBot: 'gnubg' });
  });
});
