import { createHash } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { SqlClient } from '../src/database/sql-client.js';
import { MatchClient, type Player } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Personal API tokens (docs/architecture.md, "Personal API tokens"): made,
 * listed and revoked by a signed-in player; accepted as bearer tokens within
 * their scopes; refused once revoked or expired; stored as hashes only; never
 * allowed to manage the account; left alone by logging out everywhere.
 */
const clock = new ManualClock('2026-11-27T09:00:00.000Z');
let t: TestApp;
let client: MatchClient;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: Clock, useValue: clock }],
  });
  client = new MatchClient(t.http);
});
afterAll(() => t.close());

let n = 0;
const register = (): Promise<Player> => client.register(`pat_${++n}`);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface CreatedToken {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  token: string;
}

async function makeToken(owner: Player, body: Record<string, unknown>): Promise<CreatedToken> {
  const res = await request(t.http).post('/api/users/me/api-tokens').set(bearer(owner.token)).send(body).expect(201);
  return res.body as CreatedToken;
}

const listOf = async (owner: Player): Promise<Array<Record<string, unknown>>> =>
  (
    (await request(t.http).get('/api/users/me/api-tokens').set(bearer(owner.token)).expect(200)).body as {
      items: Array<Record<string, unknown>>;
    }
  ).items;

describe('making and listing personal API tokens', () => {
  it('answers the value once, lists the tokens without it, and stores only its SHA-256', async () => {
    const alice = await register();
    const made = await makeToken(alice, { name: 'my bot', scopes: ['play'] });
    expect(made).toEqual({
      id: expect.any(String) as unknown,
      name: 'my bot',
      scopes: ['play'],
      createdAt: clock.now().toISOString(),
      expiresAt: null,
      lastUsedAt: null,
      token: expect.stringMatching(/^nardy_pat_[A-Za-z0-9_-]{43}$/) as unknown,
    });
    const listed = await listOf(alice);
    expect(listed).toEqual([
      { id: made.id, name: 'my bot', scopes: ['play'], createdAt: made.createdAt, expiresAt: null, lastUsedAt: null },
    ]);

    const rows = await t.app
      .get(SqlClient)
      .query<Record<string, unknown>>(
        `SELECT encode(token_hash, 'hex') AS hash, t.* FROM api_tokens t WHERE id = $1::uuid`,
        [made.id],
      );
    expect(rows[0].hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(made.token.slice('nardy_pat_'.length));
  });

  it('refuses a bad request with 400 and makes nothing', async () => {
    const bob = await register();
    const bad = [
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: '', scopes: ['read'] },
      { scopes: ['read'] },
      { name: 'x', scopes: ['read'], expiresAt: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await request(t.http).post('/api/users/me/api-tokens').set(bearer(bob.token)).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'validation-failed' });
    }
    const past = await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(bob.token))
      .send({ name: 'x', scopes: ['read'], expiresAt: clock.now().toISOString() })
      .expect(400);
    expect(past.body).toMatchObject({ code: 'invalid-expiry', field: 'expiresAt' });
    expect(await listOf(bob)).toEqual([]);
  });

  it('holds an account to 20 tokens: the 21st is 409 too-many-api-tokens, and a revoked one frees a place', async () => {
    const carol = await register();
    const made: CreatedToken[] = [];
    for (let i = 0; i < 20; i++) made.push(await makeToken(carol, { name: `t${i}`, scopes: ['read'] }));
    const res = await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(carol.token))
      .send({ name: 'one more', scopes: ['read'] })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'too-many-api-tokens', limit: 20 });
    expect(await listOf(carol)).toHaveLength(20);
    await request(t.http).delete(`/api/users/me/api-tokens/${made[0].id}`).set(bearer(carol.token)).expect(204);
    await makeToken(carol, { name: 'one more', scopes: ['read'] });
  });

  it('counts two creations at once against each other: with 19 tokens, one of two gets 201 and the other 409', async () => {
    const ivy = await register();
    for (let i = 0; i < 19; i++) await makeToken(ivy, { name: `t${i}`, scopes: ['read'] });
    const both = await Promise.all(
      ['a', 'b'].map((name) =>
        request(t.http)
          .post('/api/users/me/api-tokens')
          .set(bearer(ivy.token))
          .send({ name, scopes: ['read'] }),
      ),
    );
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await listOf(ivy)).toHaveLength(20);
  });
});

describe('using personal API tokens', () => {
  it('plays with a `play` token; a `read` token reads but is refused an action with 403 insufficient-scope', async () => {
    const alice = await register();
    const bob = await register();
    const reader = await makeToken(alice, { name: 'reader', scopes: ['read'] });
    const player = await makeToken(alice, { name: 'player', scopes: ['play'] });
    const match = await client.create(bob, { variant: 'backgammon', length: 1, opponent: alice.username });

    const me = await request(t.http).get('/api/users/me').set(bearer(reader.token)).expect(200);
    expect(me.body).toMatchObject({ username: alice.username });
    await request(t.http).get('/api/users/me/matches').set(bearer(player.token)).expect(200);

    const refused = await client.refused({ username: alice.username, token: reader.token }, match.id, 'join', 403);
    expect(refused).toMatchObject({ code: 'insufficient-scope', scope: 'play' });
    expect((await client.state(match.id)).version).toBe(match.version);
    const created = await client.createRaw(
      { username: alice.username, token: reader.token },
      { variant: 'backgammon', length: 1 },
    );
    expect(created.status).toBe(403);

    const joined = await client.ok({ username: alice.username, token: player.token }, match.id, 'join');
    expect(joined.version).toBeGreaterThan(match.version);

    const [listed] = (await listOf(alice)).filter((token) => token.id === player.id);
    expect(listed.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('never manages the account, whatever its scopes: 403 insufficient-scope with scope null, and nothing changes', async () => {
    const dave = await register();
    const { token } = await makeToken(dave, { name: 'all', scopes: ['read', 'play'] });
    const attempts = [
      request(t.http).get('/api/users/me/api-tokens'),
      request(t.http)
        .post('/api/users/me/api-tokens')
        .send({ name: 'x', scopes: ['read'] }),
      request(t.http).post('/api/auth/logout-all'),
      request(t.http).post('/api/users/me/upgrade-to-bot'),
      request(t.http).patch('/api/users/me').send({ autoPlayForced: true }),
      request(t.http)
        .patch('/api/users/me/password')
        .send({ currentPassword: 'match-client-password', newPassword: 'another long password 1' }),
    ];
    for (const attempt of attempts) {
      const res = await attempt.set(bearer(token)).expect(403);
      expect(res.body).toMatchObject({ code: 'insufficient-scope', scope: null });
    }
    expect(await listOf(dave)).toHaveLength(1);
    const me = await request(t.http).get('/api/users/me').set(bearer(dave.token)).expect(200);
    expect(me.body).toMatchObject({ bot: false, autoPlayForced: false });
  });

  it('is refused with 401 once revoked; revoking it again, or another account’s token, is 404', async () => {
    const erin = await register();
    const frank = await register();
    const made = await makeToken(erin, { name: 'soon gone', scopes: ['read'] });
    await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(200);

    const others = await request(t.http)
      .delete(`/api/users/me/api-tokens/${made.id}`)
      .set(bearer(frank.token))
      .expect(404);
    expect(others.body).toMatchObject({ code: 'api-token-not-found' });
    await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(200);

    await request(t.http).delete(`/api/users/me/api-tokens/${made.id}`).set(bearer(erin.token)).expect(204);
    const refused = await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(401);
    expect(refused.body).toMatchObject({ code: 'unauthorized' });
    await request(t.http).delete(`/api/users/me/api-tokens/${made.id}`).set(bearer(erin.token)).expect(404);
    await request(t.http).delete('/api/users/me/api-tokens/not-a-uuid').set(bearer(erin.token)).expect(404);
    expect(await listOf(erin)).toEqual([]);
  });

  it('is refused with 401 from its expiry on', async () => {
    const gina = await register();
    const expiresAt = new Date(clock.now().getTime() + DAY).toISOString();
    const made = await makeToken(gina, { name: 'a day', scopes: ['read'], expiresAt });
    expect(made.expiresAt).toBe(expiresAt);
    clock.advance(DAY - 1);
    await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(200);
    clock.advance(1);
    const res = await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', detail: expect.stringMatching(/expired/) as unknown });
  });

  it('outlives logging out everywhere, which ends the sign-in tokens', async () => {
    const hank = await register();
    const made = await makeToken(hank, { name: 'bot', scopes: ['read'] });
    await request(t.http).post('/api/auth/logout-all').set(bearer(hank.token)).expect(204);
    await request(t.http).get('/api/users/me').set(bearer(hank.token)).expect(401);
    await request(t.http).get('/api/users/me').set(bearer(made.token)).expect(200);
  });

  it('refuses an unknown token of the right shape with 401', async () => {
    const res = await request(t.http)
      .get('/api/users/me')
      .set(bearer(`nardy_pat_${'A'.repeat(43)}`))
      .expect(401);
    expect(res.body).toMatchObject({ code: 'unauthorized' });
  });
});
