import request from 'supertest';
import { AccountDeparture } from '../src/accounts/index.js';
import type { Player } from './support/match-client.js';
import { matchWithDecisions } from './support/real-decisions.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';
import { TournamentClient } from './support/tournament-client.js';

/**
 * An account's departure (docs/accounts.md, "Departure"), what a ban and a closing share: its
 * challenges and invitations withdrawn, invitations to it declined, its matches under way left as
 * leaving is (docs/rules.md M6), its entries in tournaments not started withdrawn, every sign-in
 * ended; each through the owner's own action, with its events in the logs. Twice is once.
 */

let s: ScriptedApp;
let tournaments: TournamentClient;
let departure: AccountDeparture;

beforeAll(async () => {
  s = await startScriptedApp({ TOURNAMENTS_POLL_MS: '200' });
  tournaments = new TournamentClient(s.t.http);
  departure = s.t.app.get(AccountDeparture);
});
afterAll(() => s.t.close());
afterEach(() => expectOnlyScriptedThrows(s));

const KNOCKOUT = {
  variant: 'backgammon',
  format: 'knockout',
  lengths: [1],
  daysPerTurn: 3,
  maxPlayers: 8,
  botsAllowed: true,
};

const me = (player: Player) => request(s.t.http).get('/api/users/me').set('Authorization', `Bearer ${player.token}`);

async function refreshTokenOf(username: string): Promise<string> {
  const res = await request(s.t.http)
    .post('/api/auth/token')
    .send({ username, password: 'match-client-password' })
    .expect(200);
  return (res.body as { refreshToken: string }).refreshToken;
}

describe('AccountDeparture.depart', () => {
  it('withdraws, declines, leaves and ends every sign-in, each as the account’s own action; a second run finds nothing to do', async () => {
    const [ann, ben, cat, dan, olga] = await Promise.all(
      ['ann', 'ben', 'cat', 'dan', 'olga'].map((n) => s.client.register(n)),
    );
    const refresh = await refreshTokenOf('ann');
    const open = await s.client.create(ann, { variant: 'backgammon', length: 3 });
    const invitation = await s.client.create(ann, { variant: 'backgammon', length: 3, opponent: 'ben' });
    const invited = await s.client.create(cat, { variant: 'backgammon', length: 3, opponent: 'ann' });
    // Ann (white) and dan have made 3 real decisions each: her leave is a rated forfeit.
    const playing = await matchWithDecisions(s, ann, dan, 5, 3);
    const cup = await tournaments.create(olga, { ...KNOCKOUT, name: 'Spring cup' });
    await tournaments.enter(ann, cup.id);
    await tournaments.enter(ben, cup.id);
    // A tournament she organises: nobody else may start it, so it is cancelled.
    const hers = await tournaments.create(ann, { ...KNOCKOUT, name: 'Ann’s cup' });
    await tournaments.enter(ben, hers.id);

    const counts = await departure.depart(
      (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'ann' } })).id,
      'closed',
    );
    expect(counts).toEqual({
      challengesWithdrawn: 2,
      invitationsDeclined: 1,
      matchesLeft: 1,
      tournamentsWithdrawn: 1,
      tournamentsCancelled: 1,
      unfinished: 0,
    });

    expect(await s.client.state(open.id)).toMatchObject({ status: 'aborted' });
    expect((await s.client.events(open.id)).at(-1)).toMatchObject({ type: 'abort' });
    expect(await s.client.state(invitation.id)).toMatchObject({ status: 'aborted' });
    expect(await s.client.state(invited.id)).toMatchObject({ status: 'declined' });
    expect((await s.client.events(invited.id)).at(-1)).toMatchObject({ type: 'decline' });
    expect(await s.client.state(playing)).toMatchObject({
      status: 'finished',
      rated: true,
      result: { winner: 'black', reason: 'leave' },
    });
    expect((await s.client.events(playing)).slice(-2)).toMatchObject([
      { type: 'leave', by: 'white' },
      { type: 'match-end', winner: 'black', reason: 'leave' },
    ]);
    const dansProfile = await s.client.get<{ record: { matchesWon: number } }>('/api/users/dan');
    expect(dansProfile.record.matchesWon).toBe(1);
    const after = await tournaments.get(cup.id);
    expect(after.entrants.map((e) => e.username)).toEqual(['ben']);
    expect(await tournaments.get(hers.id)).toMatchObject({ status: 'cancelled' });

    await me(ann).expect(401);
    await request(s.t.http).post('/api/auth/refresh').send({ refreshToken: refresh }).expect(401);

    const again = await departure.depart(
      (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'ann' } })).id,
      'ban',
    );
    expect(again).toEqual({
      challengesWithdrawn: 0,
      invitationsDeclined: 0,
      matchesLeft: 0,
      tournamentsWithdrawn: 0,
      tournamentsCancelled: 0,
      unfinished: 0,
    });
    // The others' own work goes on: ben still plays, dan's tokens still work.
    await me(dan).expect(200);
    await me(ben).expect(200);
  });

  it('run twice at once, and beside the player’s own actions, each match is acted on once', async () => {
    const [eve, fay] = await Promise.all(['eve', 'fay'].map((n) => s.client.register(n)));
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await startScriptedMatch(s, eve, fay, { variant: 'backgammon', length: 3 }, [[3, 1]]));
    }
    const challenge = await s.client.create(eve, { variant: 'backgammon', length: 1 });
    const eveId = (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'eve' } })).id;
    // Eve plays her first move herself while the two departures run.
    const { plays } = await s.client.legalPlays(ids[0], eve);
    const [a, b] = await Promise.all([
      departure.depart(eveId, 'ban'),
      departure.depart(eveId, 'ban'),
      s.client.act(eve, ids[0], 'plays', { moves: plays[0].moves }),
    ]);
    expect(a.matchesLeft + b.matchesLeft).toBe(3);
    expect(a.challengesWithdrawn + b.challengesWithdrawn).toBe(1);
    expect(a.unfinished + b.unfinished).toBe(0);
    for (const id of ids) {
      const events = await s.client.events(id);
      expect(events.filter((e) => e.type === 'leave')).toHaveLength(1);
      expect(await s.client.state(id)).toMatchObject({
        status: 'finished',
        result: { winner: 'black', reason: 'leave' },
      });
    }
    expect(await s.client.state(challenge.id)).toMatchObject({ status: 'aborted' });
    await me(fay).expect(200);
  });

  it('a bot account departs as a person’s does', async () => {
    const [gus, hal] = await Promise.all(['gus', 'hal'].map((n) => s.client.register(n)));
    await request(s.t.http)
      .post('/api/users/me/upgrade-to-bot')
      .set('Authorization', `Bearer ${gus.token}`)
      .expect(200);
    const id = await startScriptedMatch(s, hal, gus, { variant: 'backgammon', length: 3 }, [[3, 1]]);
    const gusId = (await s.t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'gus' } })).id;
    expect(await departure.depart(gusId, 'ban')).toMatchObject({ matchesLeft: 1 });
    expect(await s.client.state(id)).toMatchObject({
      status: 'finished',
      result: { winner: 'white', reason: 'leave' },
    });
  });
});
