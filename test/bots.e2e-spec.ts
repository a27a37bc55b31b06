import request from 'supertest';
import { mulberry32 } from '../src/engine/testing/index.js';
import { eventsBy, houseBotId, playAgainstBot, waitForState } from './support/bot-opponent.js';
import { expectProblem, MatchClient, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The house bots over HTTP (docs/bots.md): a person invites one, and the
 * service's worker joins and plays the bot's side to the end, as any player
 * would, held to every rule; the bots' accounts are shown as bots, rated like
 * everyone, and nobody logs in as one.
 */
let t: TestApp;
let client: MatchClient;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', LEADERBOARD_MIN_EXPERIENCE: '1' });
  client = new MatchClient(t.http);
});
afterAll(() => t.close());

const profile = async (username: string): Promise<Record<string, unknown>> =>
  (await request(t.http).get(`/api/users/${username}`).expect(200)).body as Record<string, unknown>;

describe('a match against a house bot, played by a person over HTTP', () => {
  it('a 3-point backgammon match against `bot`: it joins, answers the double, plays to the end; rated for both', async () => {
    const alice = await client.register('alice');
    const botId = await houseBotId(t.prisma, 'bot');
    const created = await client.create(alice, { opponent: 'bot', variant: 'backgammon', length: 3 });
    expect(created).toMatchObject({ status: 'invited', opponent: 'bot', rated: true });

    const end = await playAgainstBot(client, created.id, alice, { random: mulberry32(3), doubleRate: 0.1 });

    expect(end.status).toBe('finished');
    expect(Math.max(end.score.white, end.score.black)).toBeGreaterThanOrEqual(3);
    const botSeat = end.you === 'white' ? 'black' : 'white';
    expect(end.players[botSeat]).toEqual({ username: 'bot', bot: true });
    expect(end.players[end.you!]).toEqual({ username: 'alice', bot: false });
    const byBot = await eventsBy(t.prisma, created.id, botId);
    expect(byBot[0]).toBe('join');
    expect(byBot).toEqual(expect.arrayContaining(['roll', 'play']));
    // Alice doubled the first time she could; the bot answered.
    expect(byBot.some((type) => type === 'take' || type === 'drop')).toBe(true);
    expect(await profile('bot')).toMatchObject({ experience: 3, record: { matchesPlayed: 1 } });
  });

  it('a 1-point long-nardy match against `bot-easy`, played to the end', async () => {
    const bea = await client.register('bea');
    const created = await client.create(bea, { opponent: 'bot-easy', variant: 'long-nardy', length: 1 });
    const end = await playAgainstBot(client, created.id, bea, { random: mulberry32(7) });
    expect(end).toMatchObject({ status: 'finished', variant: 'long-nardy' });
    const byBot = await eventsBy(t.prisma, created.id, await houseBotId(t.prisma, 'bot-easy'));
    expect(byBot).toEqual(expect.arrayContaining(['join', 'play']));
  });

  it('a money session against `bot`: after a game the bot throws for the next one itself, and never leaves', async () => {
    const cleo = await client.register('cleo');
    const botId = await houseBotId(t.prisma, 'bot');
    const created = await client.create(cleo, { opponent: 'bot', variant: 'backgammon', length: 0 });
    const betweenGames = (s: MatchStateJson): boolean => s.turn.player === null && s.actions.includes('roll');
    const first = await playAgainstBot(client, created.id, cleo, { random: mulberry32(11) }, betweenGames);
    expect(first.status).toBe('playing');
    expect(first.actions).toEqual(expect.arrayContaining(['roll', 'leave']));
    expect(await eventsBy(t.prisma, created.id, botId)).not.toContain('opening-roll');

    // Cleo waits: the bot asks for the next game's opening throw itself.
    const second = await waitForState(client, created.id, cleo, (s) => !betweenGames(s), 'the next game');
    expect(second.status).toBe('playing');
    expect(second.turn.player).not.toBeNull();
    const byBot = await eventsBy(t.prisma, created.id, botId);
    expect(byBot).toContain('opening-roll');
    expect(byBot).not.toContain('leave');

    const left = await client.ok(cleo, created.id, 'leave');
    expect(left.status).toBe('finished');
  });
});

describe('the house bots’ accounts', () => {
  it('are shown as bots, each saying which house bot it is; one that never played is at 1500 like every new account', async () => {
    for (const username of ['bot-easy', 'bot', 'gnubg']) {
      expect(await profile(username)).toMatchObject({ username, bot: true, houseBot: username });
    }
    expect(await profile('gnubg')).toMatchObject({ rating: 1500, experience: 0 });
  });

  it('stand on the leaderboard like everyone (after the matches above), a row saying it is a bot', async () => {
    const board = (await request(t.http).get('/api/users?sort=rating').expect(200)).body as {
      items: { username: string; bot: boolean; houseBot: string | null }[];
    };
    expect(board.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'bot', bot: true, houseBot: 'bot' }),
        expect.objectContaining({ username: 'alice', bot: false, houseBot: null }),
      ]),
    );
  });

  it('refuse every login with the 401 of a wrong password, whatever the password', async () => {
    for (const password of ['!house-bot: no password', 'any-password-at-all']) {
      const res = await request(t.http).post('/api/auth/token').send({ username: 'bot', password });
      expect(res.status).toBe(401);
      expectProblem(res);
      expect(res.body).toMatchObject({ code: 'invalid-credentials', detail: 'Wrong username or password.' });
    }
  });

  it('cannot be registered again, nor names that read as theirs: 400 reserved-username', async () => {
    for (const username of ['GNUBG', 'b0t_easy', 'gnubg-2']) {
      const res = await request(t.http).post('/api/users').send({ username, password: 'a-good-password' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'validation-failed',
        errors: [{ field: 'username', constraint: 'reserved-username' }],
      });
    }
  });
});

describe('outside bots: POST /api/users/me/upgrade-to-bot', () => {
  const upgrade = (player: Player) =>
    request(t.http).post('/api/users/me/upgrade-to-bot').set('Authorization', `Bearer ${player.token}`);

  it('turns an account that never played into a bot account, which logs in and plays as before', async () => {
    const robo = await client.register('robo');
    const res = await upgrade(robo).expect(200);
    expect(res.body).toMatchObject({ username: 'robo', bot: true, houseBot: null, experience: 0 });
    expect(await profile('robo')).toMatchObject({ bot: true, houseBot: null });
    expect((await upgrade(robo).expect(200)).body).toMatchObject({ bot: true });

    const again = await client.login('robo');
    const dana = await client.register('dana');
    const match = await client.create(again, { opponent: 'dana', variant: 'backgammon', length: 1, colour: 'white' });
    const joined = await client.ok(dana, match.id, 'join');
    expect(joined.players).toEqual({ white: { username: 'robo', bot: true }, black: { username: 'dana', bot: false } });
  });

  it('refuses an account that has taken a seat in a match with 409 account-has-played, changing nothing', async () => {
    const eve = await client.register('eve');
    await client.create(eve, { variant: 'backgammon', length: 1 });
    const res = await upgrade(eve).expect(409);
    expectProblem(res);
    expect(res.body).toMatchObject({ code: 'account-has-played' });
    expect(await profile('eve')).toMatchObject({ bot: false });
  });

  it('needs a bearer token (401)', async () => {
    expectProblem(await request(t.http).post('/api/users/me/upgrade-to-bot').expect(401));
  });
});
