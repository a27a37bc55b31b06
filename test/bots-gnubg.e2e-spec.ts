import { jest } from '@jest/globals';
import { botDecision, type BotDecision, type Colour, type MatchState } from '../src/engine/index.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import request from 'supertest';
import { ExternalBotNoAnswerError, ExternalBotPlayer } from '../src/house-bots/index.js';
import { eventsBy, houseBotId, playAgainstBot, waitForState } from './support/bot-opponent.js';
import { GNUBG_MISSING, gnubgAvailable, gnubgPath } from './support/gnubg.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The `gnubg` house bot (docs/bots.md, "Who plays what", "Deciding"): played
 * through the ExternalBotPlayer the bots module provides; first a stand-in
 * whose availability the test sets and whose decisions are the engine's, then
 * GNU Backgammon itself where it is installed. gnubg plays backgammon only,
 * and only while its player is there: an invitation it cannot take is
 * refused at creation (422 bot-cannot-play), and one that got past is
 * declined by the worker.
 */
const gnubg = {
  available: jest.fn<() => boolean>(() => false),
  decide: jest.fn((state: MatchState, colour: Colour, _asker: string): Promise<BotDecision | null> =>
    // A stand-in for gnubg's answers: any legal decision does, so the engine's at 0 ply, fast.
    Promise.resolve(botDecision(state, colour, 'strong', Math.random, { plies: 0 })),
  ),
} satisfies ExternalBotPlayer;
let t: TestApp;
let client: MatchClient;
let ann: Player;

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: ExternalBotPlayer, useValue: gnubg }],
  });
  client = new MatchClient(t.http);
  ann = await client.register('ann');
});
afterAll(() => t.close());

const invite = (variant: string) => client.createRaw(ann, { opponent: 'gnubg', variant, length: 1 });

describe('inviting gnubg', () => {
  it('is refused with 422 bot-cannot-play while GNU Backgammon does not answer, storing nothing', async () => {
    gnubg.available.mockReturnValue(false);
    const res = await invite('backgammon').expect(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: 'urn:nardy:problem:bot-cannot-play',
      code: 'bot-cannot-play',
      houseBot: 'gnubg',
      detail: expect.stringContaining('gnubg is not available now') as unknown,
    });
    expect(await t.prisma.match.count({ where: { invitedId: await houseBotId(t.prisma, 'gnubg') } })).toBe(0);
  });

  it('to long nardy is refused with 422 bot-cannot-play, gnubg plays backgammon only, available or not', async () => {
    for (const available of [false, true]) {
      gnubg.available.mockReturnValue(available);
      const res = await invite('long-nardy').expect(422);
      expect(res.body).toMatchObject({ code: 'bot-cannot-play', detail: 'gnubg plays backgammon only.' });
    }
  });

  it('while it answers: gnubg joins and plays a backgammon match to the end, each decision its player’s', async () => {
    gnubg.available.mockReturnValue(true);
    gnubg.decide.mockClear();
    const created = (await invite('backgammon').expect(201)).body as { id: string };
    const end = await playAgainstBot(client, created.id, ann, { random: mulberry32(5) });
    expect(end.status).toBe('finished');
    const byGnubg = await eventsBy(t.prisma, created.id, await houseBotId(t.prisma, 'gnubg'));
    expect(byGnubg[0]).toBe('join');
    // Every decision after the join came from the external player (asked also when the match waits for ann: null).
    expect(gnubg.decide.mock.calls.length).toBeGreaterThanOrEqual(byGnubg.length - 1);
  });

  it('an invitation that got past while it answered is declined by the worker once it does not', async () => {
    gnubg.available.mockReset();
    // Creation asks once (it answers); the worker asks next (it does not).
    gnubg.available.mockReturnValueOnce(true).mockReturnValue(false);
    const created = (await invite('backgammon').expect(201)).body as { id: string };
    const declined = await waitForState(client, created.id, ann, (s) => s.status !== 'invited', 'the answer');
    expect(declined.status).toBe('declined');
    expect(await eventsBy(t.prisma, created.id, await houseBotId(t.prisma, 'gnubg'))).toEqual(['decline']);
  });
});

describe('gnubg where its player answers, and where it gives no answer', () => {
  it('is listed available while its player answers, with the variant it plays', async () => {
    gnubg.available.mockReset();
    gnubg.available.mockReturnValue(true);
    const res = await request(t.http).get('/api/house-bots').expect(200);
    const listed = (res.body as { items: { houseBot: string }[] }).items.find((bot) => bot.houseBot === 'gnubg');
    expect(listed).toMatchObject({ available: true, unavailableReason: null, variants: ['backgammon'] });
  });

  it('has bot take each turn gnubg gives no answer to (a deadline passed), and the match goes on to the end', async () => {
    gnubg.available.mockReturnValue(true);
    gnubg.decide.mockReset();
    gnubg.decide.mockImplementation(() => Promise.reject(new ExternalBotNoAnswerError('deadline', 'no answer in 5 s')));
    const created = (await invite('backgammon').expect(201)).body as { id: string };
    const end = await playAgainstBot(client, created.id, ann, { random: mulberry32(9) });
    expect(end.status).toBe('finished');
    const byGnubg = await eventsBy(t.prisma, created.id, await houseBotId(t.prisma, 'gnubg'));
    expect(byGnubg).toEqual(expect.arrayContaining(['join', 'play']));
    // Each question named the person it was asked for (the fair turns' key).
    const annId = (await t.prisma.user.findFirstOrThrow({ where: { username: 'ann' } })).id;
    expect(gnubg.decide.mock.calls.length).toBeGreaterThan(0);
    expect(gnubg.decide.mock.calls.every(([, , asker]) => asker === annId)).toBe(true);
  });
});

const withGnubg = gnubgAvailable() ? it : it.skip;
const needsGnubg = gnubgAvailable() ? '' : ` [skipped: ${GNUBG_MISSING}]`;

describe('gnubg played by GNU Backgammon itself (GnubgPlayer, the bots module’s own)', () => {
  withGnubg(
    `joins a 1-point backgammon match and plays it to the end, every decision GNU Backgammon’s${needsGnubg}`,
    async () => {
      const real = await startTestApp({ GNUBG_PATH: gnubgPath()!, GNUBG_PLIES: '0', AUTH_THROTTLE_LIMIT: '1000' });
      try {
        const onReal = new MatchClient(real.http);
        const bo = await onReal.register('bob');
        const created = await onReal.create(bo, { opponent: 'gnubg', variant: 'backgammon', length: 1 });
        const end = await playAgainstBot(onReal, created.id, bo, { random: mulberry32(13) });
        expect(end.status).toBe('finished');
        const byGnubg = await eventsBy(real.prisma, created.id, await houseBotId(real.prisma, 'gnubg'));
        expect(byGnubg).toEqual(expect.arrayContaining(['join', 'play']));
        const refused = await onReal.createRaw(bo, { opponent: 'gnubg', variant: 'long-nardy', length: 1 }).expect(422);
        expect(refused.body).toMatchObject({ code: 'bot-cannot-play', detail: 'gnubg plays backgammon only.' });
      } finally {
        await real.close();
      }
    },
    120_000,
  );
});
