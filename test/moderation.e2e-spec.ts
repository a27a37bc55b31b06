import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { PASSWORD, type Player } from './support/match-client.js';
import {
  expectOnlyScriptedThrows,
  startScriptedApp,
  startScriptedMatch,
  type ScriptedApp,
} from './support/scripted-app.js';

/**
 * The moderators and their tools (docs/moderation.md): roles and the routes' refusals, every action
 * and what it does to the account, the log that cannot be changed, and what the player sees of it.
 */
let s: ScriptedApp;
let n = 0;

beforeAll(async () => {
  s = await startScriptedApp();
  await new Promise<void>((resolve) => s.t.http.listen(0, '127.0.0.1', resolve));
});
afterAll(() => s.t.close());

const bearer = (player: Player) => ({ Authorization: `Bearer ${player.token}` });

async function newPlayer(prefix = 'mp'): Promise<Player> {
  return s.client.register(`${prefix}_${++n}`);
}

async function withRole(role: 'moderator' | 'admin', prefix = role.slice(0, 3)): Promise<Player> {
  const player = await newPlayer(prefix);
  await s.t.prisma.$executeRawUnsafe(`UPDATE users SET role = $1 WHERE username = $2`, role, player.username);
  return player;
}

interface Entry {
  id: string;
  action: string;
  target: string;
  moderator: string | null;
  reason: string;
  days: number | null;
  endsAt: string | null;
  createdAt: string;
  details: Record<string, unknown> | null;
}

/** An action, a millisecond after the last (the clock stands still otherwise, and the log orders by time). */
function act(by: Player, username: string, action: string, body: Record<string, unknown>): request.Test {
  s.clock.advance(1);
  return request(s.t.http).post(`/api/moderation/users/${username}/${action}`).set(bearer(by)).send(body);
}

async function acted(by: Player, username: string, action: string, body: Record<string, unknown>): Promise<Entry> {
  const res = await act(by, username, action, body);
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status: 200 });
  return res.body as Entry;
}

function problem(res: request.Response, status: number, code: string): ProblemDetails {
  expect({ status: res.status, code: (res.body as ProblemDetails).code }).toEqual({ status, code });
  return res.body as ProblemDetails;
}

const log = (by: Player, query = '') => request(s.t.http).get(`/api/moderation/log${query}`).set(bearer(by));

async function logOf(by: Player, username: string): Promise<Entry[]> {
  return ((await log(by, `?username=${username}&limit=100`).expect(200)).body as { items: Entry[] }).items;
}

const me = async (player: Player) =>
  (await request(s.t.http).get('/api/users/me').set(bearer(player)).expect(200)).body as {
    username: string;
    role: string;
    warnings: { id: string; reason: string; createdAt: string }[];
    renameRequired: boolean;
  };

describe('roles', () => {
  it('keeps the moderators’ routes from players (not-a-moderator) and the admins’ from moderators (not-an-admin)', async () => {
    const player = await newPlayer();
    const moderator = await withRole('moderator');
    problem(await log(player), 403, 'not-a-moderator');
    problem(await act(player, moderator.username, 'warn', { reason: 'x' }), 403, 'not-a-moderator');
    await log(moderator).expect(200);
    problem(await request(s.t.http).get('/api/moderation/moderators').set(bearer(moderator)), 403, 'not-an-admin');
    problem(
      await request(s.t.http).put(`/api/moderation/moderators/${player.username}`).set(bearer(moderator)),
      403,
      'not-an-admin',
    );
    await request(s.t.http).get('/api/moderation/log').expect(401);
  });

  it('lets an admin grant and revoke moderator, in force at once for the same token, logged both ways', async () => {
    const admin = await withRole('admin');
    const player = await newPlayer();
    problem(await log(player), 403, 'not-a-moderator');
    await request(s.t.http)
      .put(`/api/moderation/moderators/${player.username.toUpperCase()}`)
      .set(bearer(admin))
      .expect(204);
    await log(player).expect(200);
    expect((await me(player)).role).toBe('moderator');
    const staff = (await request(s.t.http).get('/api/moderation/moderators').set(bearer(admin)).expect(200)).body as {
      items: { username: string; role: string }[];
    };
    expect(staff.items).toEqual(
      expect.arrayContaining([
        { username: player.username, role: 'moderator' },
        { username: admin.username, role: 'admin' },
      ]),
    );
    // Granted twice: nothing more is logged.
    await request(s.t.http).put(`/api/moderation/moderators/${player.username}`).set(bearer(admin)).expect(204);
    s.clock.advance(1);
    await request(s.t.http).delete(`/api/moderation/moderators/${player.username}`).set(bearer(admin)).expect(204);
    problem(await log(player), 403, 'not-a-moderator');
    const entries = await logOf(admin, player.username);
    expect(entries.map((e) => [e.action, e.moderator, e.details])).toEqual([
      ['revoke', admin.username, { from: 'moderator', to: 'player' }],
      ['grant', admin.username, { from: 'player', to: 'moderator' }],
    ]);
  });

  it('changes no admin’s role, nor the caller’s own, over the API; 404 for an unknown account', async () => {
    const admin = await withRole('admin');
    const other = await withRole('admin');
    const put = (who: string) => request(s.t.http).put(`/api/moderation/moderators/${who}`).set(bearer(admin));
    problem(await put(other.username), 403, 'cannot-moderate');
    problem(await put(admin.username), 403, 'cannot-moderate');
    problem(await put('bot'), 403, 'cannot-moderate');
    problem(await put('nobody_here'), 404, 'user-not-found');
    expect(await logOf(admin, other.username)).toEqual([]);
  });

  it('refuses a personal API token on the moderators’ routes: a moderator acts in person', async () => {
    const moderator = await withRole('moderator');
    const token = (
      (
        await request(s.t.http)
          .post('/api/users/me/api-tokens')
          .set(bearer(moderator))
          .send({ name: 'mod bot', scopes: ['play'] })
          .expect(201)
      ).body as { token: string }
    ).token;
    problem(
      await request(s.t.http).get('/api/moderation/log').set('Authorization', `Bearer ${token}`),
      403,
      'insufficient-scope',
    );
  });
});

describe('who may act on whom, and what an action needs', () => {
  it('refuses an action on oneself, on an admin, on a house bot, and a moderator’s on another moderator; an admin may act on a moderator', async () => {
    const moderator = await withRole('moderator');
    const peer = await withRole('moderator');
    const admin = await withRole('admin');
    problem(await act(moderator, moderator.username, 'warn', { reason: 'me' }), 403, 'cannot-moderate');
    problem(await act(moderator, peer.username, 'warn', { reason: 'peer' }), 403, 'cannot-moderate');
    problem(await act(moderator, admin.username, 'ban', { reason: 'admin' }), 403, 'cannot-moderate');
    problem(await act(admin, 'gnubg', 'ban', { reason: 'bot' }), 403, 'cannot-moderate');
    problem(await act(moderator, 'nobody_here', 'warn', { reason: 'x' }), 404, 'user-not-found');
    expect(await logOf(admin, peer.username)).toEqual([]);
    const entry = await acted(admin, peer.username, 'warn', { reason: 'Be gentle.' });
    expect(entry).toMatchObject({ action: 'warn', target: peer.username, moderator: admin.username });
  });

  it('refuses a missing, blank or too long reason, bad days, days on an action without them, and an unknown action, and logs nothing', async () => {
    const moderator = await withRole('moderator');
    const target = await newPlayer();
    const refusals: [string, Record<string, unknown>, string][] = [
      ['warn', {}, 'validation-failed'],
      ['warn', { reason: '   ' }, 'validation-failed'],
      ['warn', { reason: 'x'.repeat(2001) }, 'validation-failed'],
      ['warn', { reason: 'bad\u202Etext' }, 'validation-failed'],
      ['mute', { reason: 'r', days: 0 }, 'validation-failed'],
      ['mute', { reason: 'r', days: 3651 }, 'validation-failed'],
      ['ban', { reason: 'r', days: 1.5 }, 'validation-failed'],
      ['ban', { reason: 'r', days: '7' }, 'validation-failed'],
      ['warn', { reason: 'r', days: 3 }, 'days-not-allowed'],
      ['rename', { reason: 'r', days: 3 }, 'days-not-allowed'],
      ['delete', { reason: 'r' }, 'invalid-parameter'],
    ];
    for (const [action, body, code] of refusals)
      problem(await act(moderator, target.username, action, body), 400, code);
    expect(await logOf(moderator, target.username)).toEqual([]);
    expect((await me(target)).warnings).toEqual([]);
    await acted(moderator, target.username, 'warn', { reason: 'x'.repeat(2000) });
  });
});

describe('warn', () => {
  it('shows the warning on the player’s next page view until seen, and in their own history without the moderator’s name', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer();
    expect(await me(player)).toMatchObject({ role: 'player', warnings: [] });
    const entry = await acted(moderator, player.username, 'warn', { reason: '  Mind your words.  ' });
    expect(entry).toMatchObject({
      action: 'warn',
      target: player.username,
      moderator: moderator.username,
      reason: 'Mind your words.',
      days: null,
      endsAt: null,
      details: null,
    });
    expect((await me(player)).warnings).toEqual([
      { id: entry.id, reason: 'Mind your words.', createdAt: entry.createdAt },
    ]);
    await request(s.t.http).post('/api/users/me/warnings/seen').set(bearer(player)).expect(204);
    expect((await me(player)).warnings).toEqual([]);
    s.clock.advance(1000);
    const second = await acted(moderator, player.username, 'warn', { reason: 'Again.' });
    expect((await me(player)).warnings.map((w) => w.id)).toEqual([second.id]);

    const own = (await request(s.t.http).get('/api/users/me/moderation').set(bearer(player)).expect(200)).body as {
      items: Entry[];
    };
    expect(own.items.map((e) => [e.action, e.reason, e.moderator])).toEqual([
      ['warn', 'Again.', null],
      ['warn', 'Mind your words.', null],
    ]);
  });
  it('sends the warning as a `warning` event on the player’s own stream', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer();
    const port = (s.t.http.address() as AddressInfo).port;
    const stream = await SseClient.open(port, '/api/users/me/stream', bearer(player));
    try {
      expect(stream.status).toBe(200);
      const entry = await acted(moderator, player.username, 'warn', { reason: 'Live.' });
      await stream.waitFor((c) => c.events.some((e) => e.event === 'warning'), 5_000);
      const event = stream.events.find((e) => e.event === 'warning')!;
      expect(event.id).toBeNull();
      expect(JSON.parse(event.data)).toEqual({ id: entry.id, reason: 'Live.', createdAt: entry.createdAt });
    } finally {
      stream.close();
    }
  });
});

describe('mute', () => {
  it('mutes until lifted, or for its days: the columns say so and the entry gives its end', async () => {
    const moderator = await withRole('moderator');
    const [forever, forAWeek] = [await newPlayer(), await newPlayer()];
    const untimed = await acted(moderator, forever.username, 'mute', { reason: 'Spam.' });
    const timed = await acted(moderator, forAWeek.username, 'mute', { reason: 'Spam.', days: 7 });
    const at = new Date(timed.createdAt);
    expect(untimed).toMatchObject({ days: null, endsAt: null });
    expect(timed).toMatchObject({ days: 7, endsAt: new Date(at.getTime() + 7 * 86_400_000).toISOString() });
    const rows = await s.t.prisma.$queryRawUnsafe<{ username: string; muted_at: Date; mute_ends_at: Date | null }[]>(
      `SELECT username, muted_at, mute_ends_at FROM users WHERE username IN ($1, $2) ORDER BY username`,
      forever.username,
      forAWeek.username,
    );
    expect(rows).toEqual([
      { username: forever.username, muted_at: new Date(untimed.createdAt), mute_ends_at: null },
      { username: forAWeek.username, muted_at: at, mute_ends_at: new Date(timed.endsAt!) },
    ]);
  });
});

describe('mute and match messages', () => {
  it('refuses a muted author’s messages (403 muted, with until), and lets them write once a timed mute has ended', async () => {
    const moderator = await withRole('moderator');
    const [talker, other] = [await newPlayer(), await newPlayer()];
    const matchId = await startScriptedMatch(s, talker, other, { variant: 'backgammon', length: 3 }, [[3, 1]]);
    expectOnlyScriptedThrows(s);
    const post = (text: string) =>
      request(s.t.http).post(`/api/matches/${matchId}/messages`).set(bearer(talker)).send({ text });
    await post('hello').expect(201);
    const mute = await acted(moderator, talker.username, 'mute', { reason: 'Spam.', days: 2 });
    expect(problem(await post('again'), 403, 'muted')).toMatchObject({ until: mute.endsAt });
    s.clock.set(mute.endsAt!);
    await post('free again').expect(201);
  });
});

describe('rename', () => {
  it('reserves the old name at once, signs in under the old name or the placeholder with renameRequired, and takes a new name once', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer('Offensive');
    const other = await newPlayer();
    const entry = await acted(moderator, player.username, 'rename', { reason: 'Offensive name.' });
    const placeholder = entry.details?.to as string;
    expect(placeholder).toMatch(/^renamed-[0-9a-f]{8}$/);
    expect(entry).toMatchObject({ target: placeholder, details: { from: player.username, to: placeholder } });

    // Its tokens carried the old name: they end.
    await request(s.t.http).get('/api/users/me').set(bearer(player)).expect(401);
    // Nobody registers the old name, in any case.
    problem(
      await request(s.t.http).post('/api/users').send({ username: player.username.toLowerCase(), password: PASSWORD }),
      409,
      'username-taken',
    );
    problem(await request(s.t.http).get(`/api/users/${player.username}`), 404, 'user-not-found');

    const signIn = async (username: string) =>
      (await request(s.t.http).post('/api/auth/token').send({ username, password: PASSWORD }).expect(200)).body as {
        accessToken: string;
        renameRequired?: boolean;
      };
    expect((await signIn(player.username)).renameRequired).toBe(true);
    const answer = await signIn(placeholder);
    expect(answer.renameRequired).toBe(true);
    const renamed: Player = { username: placeholder, token: answer.accessToken };
    expect(await me(renamed)).toMatchObject({ username: placeholder, renameRequired: true });

    const choose = (username: string, who: Player = renamed) =>
      request(s.t.http).put('/api/users/me/username').set(bearer(who)).send({ username });
    problem(await choose(other.username.toUpperCase()), 409, 'username-taken');
    problem(await choose(player.username), 409, 'username-taken');
    problem(await choose('a'), 400, 'validation-failed');
    problem(await choose('fresh_name', other), 409, 'rename-not-required');
    const chosen = (await choose(`fresh_${n}`).expect(200)).body as { username: string; renameRequired: boolean };
    expect(chosen).toMatchObject({ username: `fresh_${n}`, renameRequired: false });
    // The new name ends the tokens of the placeholder; the next sign-in has no rename to make.
    await request(s.t.http).get('/api/users/me').set(bearer(renamed)).expect(401);
    expect((await signIn(`fresh_${n}`)).renameRequired).toBeUndefined();
    problem(await choose('another_name', await s.client.login(`fresh_${n}`)), 409, 'rename-not-required');
    // The old name still finds nobody, and signs in no more: the rename is done.
    problem(
      await request(s.t.http).post('/api/auth/token').send({ username: player.username, password: PASSWORD }),
      401,
      'invalid-credentials',
    );
  });
});

describe('lift', () => {
  it('ends the mute, the ban and the warnings shown, and is logged', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer();
    await acted(moderator, player.username, 'warn', { reason: 'One.' });
    await acted(moderator, player.username, 'mute', { reason: 'Two.' });
    await acted(moderator, player.username, 'ban', { reason: 'Three.' });
    problem(
      await request(s.t.http).post('/api/auth/token').send({ username: player.username, password: PASSWORD }),
      403,
      'account-banned',
    );
    await acted(moderator, player.username, 'lift', { reason: 'Appeal granted.' });
    const back = await s.client.login(player.username);
    expect((await me(back)).warnings).toEqual([]);
    const [row] = await s.t.prisma.$queryRawUnsafe<{ muted_at: Date | null; banned_at: Date | null }[]>(
      `SELECT muted_at, banned_at FROM users WHERE username = $1`,
      player.username,
    );
    expect(row).toEqual({ muted_at: null, banned_at: null });
    expect((await logOf(moderator, player.username)).map((e) => e.action)).toEqual(['lift', 'ban', 'mute', 'warn']);
  });
});

describe('the log', () => {
  it('cannot be changed: an UPDATE and a DELETE of an entry fail', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer();
    const entry = await acted(moderator, player.username, 'warn', { reason: 'Kept.' });
    await expect(
      s.t.prisma.$executeRawUnsafe(`UPDATE moderation_actions SET reason = 'changed' WHERE id = $1::uuid`, entry.id),
    ).rejects.toThrow(/append-only/);
    await expect(
      s.t.prisma.$executeRawUnsafe(`DELETE FROM moderation_actions WHERE id = $1::uuid`, entry.id),
    ).rejects.toThrow(/append-only/);
    expect((await logOf(moderator, player.username))[0]).toMatchObject({ id: entry.id, reason: 'Kept.' });
  });

  it('pages newest first, of one account or of all, and refuses a bad cursor and an unknown account', async () => {
    const moderator = await withRole('moderator');
    const player = await newPlayer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      s.clock.advance(10);
      ids.push((await acted(moderator, player.username, 'warn', { reason: `w${i}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?username=${player.username}&limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page = (await log(moderator, query).expect(200)).body as { items: Entry[]; next: string | null };
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen).toEqual([...ids].reverse());
    const all = (await log(moderator, '?limit=1').expect(200)).body as { items: Entry[] };
    expect(all.items[0].id).toBe(ids[4]);
    problem(await log(moderator, '?cursor=nonsense'), 400, 'invalid-cursor');
    problem(await log(moderator, '?username=nobody_here'), 404, 'user-not-found');
  });
});

describe('the report queue', () => {
  interface Case {
    id: string;
    status: string;
    target: { username: string; role: string; muted: boolean; banned: boolean };
    filings: {
      reporter: string;
      reason: string;
      matchId: string | null;
      messageId: string | null;
      text: string | null;
    }[];
    recentMatches: { id: string; opponent: string | null; status: string }[];
    recentMessages: { id: string; matchId: string; text: string }[];
    actions: Entry[];
    closedBy: string | null;
    resolution: string | null;
  }
  const queue = (by: Player, status = 'open') =>
    request(s.t.http).get(`/api/moderation/reports?status=${status}&limit=100`).set(bearer(by));

  it('shows each case with its filings, the target’s matches, messages and actions; closing is logged, once', async () => {
    const moderator = await withRole('moderator');
    const [rude, reporter] = [await newPlayer('rude'), await newPlayer('rep')];
    const matchId = await startScriptedMatch(s, rude, reporter, { variant: 'backgammon', length: 3 }, [[3, 1]]);
    expectOnlyScriptedThrows(s);
    const message = (
      (
        await request(s.t.http)
          .post(`/api/matches/${matchId}/messages`)
          .set(bearer(rude))
          .send({ text: 'you fool' })
          .expect(201)
      ).body as { id: string }
    ).id;
    await acted(moderator, rude.username, 'warn', { reason: 'Earlier.' });
    await request(s.t.http)
      .post('/api/reports')
      .set(bearer(reporter))
      .send({ username: rude.username, reason: 'abuse', matchId, messageId: message, text: 'Insults.' })
      .expect(202);
    problem(await queue(reporter), 403, 'not-a-moderator');

    const open = ((await queue(moderator).expect(200)).body as { items: Case[] }).items;
    const found = open.find((c) => c.target.username === rude.username)!;
    expect(found).toMatchObject({
      status: 'open',
      target: { username: rude.username, role: 'player', muted: false, banned: false },
      filings: [{ reporter: reporter.username, reason: 'abuse', matchId, messageId: message, text: 'Insults.' }],
      recentMatches: [{ id: matchId, opponent: reporter.username, status: 'playing' }],
      recentMessages: [{ id: message, matchId, text: 'you fool' }],
      actions: [{ action: 'warn', reason: 'Earlier.', moderator: moderator.username }],
    });

    const close = (body: Record<string, unknown>) =>
      request(s.t.http).post(`/api/moderation/reports/${found.id}/close`).set(bearer(moderator)).send(body);
    problem(await close({ resolution: ' ' }), 400, 'validation-failed');
    s.clock.advance(1);
    const closed = (await close({ resolution: 'Muted for a week.' }).expect(200)).body as Case;
    expect(closed).toMatchObject({ status: 'closed', closedBy: moderator.username, resolution: 'Muted for a week.' });
    problem(await close({ resolution: 'Again.' }), 409, 'report-closed');
    problem(
      await request(s.t.http)
        .post('/api/moderation/reports/00000000-0000-4000-8000-000000000000/close')
        .set(bearer(moderator))
        .send({ resolution: 'x' }),
      404,
      'report-not-found',
    );
    expect(((await queue(moderator).expect(200)).body as { items: Case[] }).items.map((c) => c.id)).not.toContain(
      found.id,
    );
    expect(((await queue(moderator, 'closed').expect(200)).body as { items: Case[] }).items.map((c) => c.id)).toContain(
      found.id,
    );
    const [latest] = await logOf(moderator, rude.username);
    expect(latest).toMatchObject({
      action: 'close-report',
      reason: 'Muted for a week.',
      moderator: moderator.username,
    });
  });
});
