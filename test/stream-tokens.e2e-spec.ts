import { JwtService } from '@nestjs/jwt';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, PASSWORD, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app.js';

/**
 * A live stream lives no longer than the bearer token it was opened with
 * (docs/architecture.md, "Live streams"): it ends at the token's expiry, and as
 * soon as the token is revoked (logout-all, a new password, a personal API
 * token's revocation) on whichever node,
 * the streams of the account on every node end. A stream opened without a token
 * is not touched. Two nodes share one database, as behind a load balancer.
 */
const WAIT_MS = 15_000;

let a: TestApp;
let b: TestApp;
let onA: MatchClient;
const ports = new Map<TestApp, number>();
const open: SseClient[] = [];
let n = 0;

describeOnPostgres('live streams and their tokens', () => {
  beforeAll(async () => {
    const env = { AUTH_THROTTLE_LIMIT: '1000', INVITATIONS_PER_TARGET: '100', INVITATIONS_PER_USER: '100' };
    a = await startTestApp(env);
    b = await startTestApp(env, a.db);
    for (const app of [a, b]) {
      await new Promise<void>((resolve) => app.http.listen(0, '127.0.0.1', resolve));
      ports.set(app, (app.http.address() as AddressInfo).port);
    }
    onA = new MatchClient(a.http);
  }, 60_000);
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  async function stream(app: TestApp, path: string, token?: string): Promise<SseClient> {
    const opened = await SseClient.open(
      ports.get(app)!,
      path,
      token === undefined ? {} : { authorization: `Bearer ${token}` },
    );
    open.push(opened);
    expect(opened.status).toBe(200);
    return opened;
  }

  /** Two new players and an invitation from the first to the second. */
  async function players(): Promise<{ alice: Player; bob: Player; match: MatchStateJson }> {
    const alice = await onA.register(`alice_${++n}`);
    const bob = await onA.register(`bob_${n}`);
    const match = await onA.create(alice, { opponent: bob.username, variant: 'backgammon', length: 1 });
    return { alice, bob, match };
  }

  /** A token of `player`'s account, as the service signs them, that expires `seconds` from now. */
  function shortToken(player: Player, seconds: number): Promise<string> {
    const claims = JSON.parse(Buffer.from(player.token.split('.')[1], 'base64url').toString('utf8')) as object;
    const { sub, username, tv } = claims as { sub: string; username: string; tv: number };
    return new JwtService({ secret: TEST_JWT_SECRET }).signAsync({ sub, username, tv }, { expiresIn: seconds });
  }

  const ended = (client: SseClient) => client.waitFor((c) => c.ended, WAIT_MS);
  const received = (client: SseClient, type: string) =>
    client.waitFor((c) => c.events.some((e) => e.event === type), WAIT_MS);

  it('ends my stream and a match stream opened with a token when the token expires; events flow until then', async () => {
    const { alice, bob, match } = await players();
    const token = await shortToken(bob, 3);
    const mine = await stream(b, '/api/users/me/stream', token);
    const theMatch = await stream(b, `/api/matches/${match.id}/stream`, token);
    const anonymous = await stream(b, `/api/matches/${match.id}/stream`);
    await onA.ok(bob, match.id, 'join');
    await Promise.all([received(mine, 'join'), received(theMatch, 'join')]);
    expect([mine.ended, theMatch.ended]).toEqual([false, false]);

    await Promise.all([ended(mine), ended(theMatch)]);
    // The token is refused from now on; the anonymous stream goes on.
    await request(b.http).get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(anonymous.ended).toBe(false);
    await onA.ok(alice, match.id, 'leave');
    await received(anonymous, 'leave');
  }, 30_000);

  it('ends, on every node, the streams of an account that logged out everywhere, not those of others nor anonymous ones', async () => {
    const { alice, bob, match } = await players();
    const other = await onA.register(`carol_${n}`);
    const mineOnB = await stream(b, '/api/users/me/stream', bob.token);
    const matchOnB = await stream(b, `/api/matches/${match.id}/stream`, bob.token);
    const mineOnA = await stream(a, '/api/users/me/stream', bob.token);
    const alicesOnB = await stream(b, '/api/users/me/stream', alice.token);
    const carolsMatchStream = await stream(b, `/api/matches/${match.id}/stream`, other.token);
    const anonymousOnB = await stream(b, `/api/matches/${match.id}/stream`);

    await request(a.http).post('/api/auth/logout-all').set('Authorization', `Bearer ${bob.token}`).expect(204);

    await Promise.all([ended(mineOnB), ended(matchOnB), ended(mineOnA)]);
    const fresh = await onA.login(bob.username);
    await onA.ok(fresh, match.id, 'join');
    await Promise.all([
      received(alicesOnB, 'join'),
      received(carolsMatchStream, 'join'),
      received(anonymousOnB, 'join'),
    ]);
    expect([alicesOnB.ended, carolsMatchStream.ended, anonymousOnB.ended]).toEqual([false, false, false]);
  }, 30_000);

  it('ends the stream of a token raised with no notification heard (a listening session down) at the node’s next look', async () => {
    const { bob } = await players();
    const onB = await stream(b, '/api/users/me/stream', bob.token);
    const claims = JSON.parse(Buffer.from(bob.token.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
    // Raised in the database alone: no node says so (TOKEN_VERSION_TRUSTED_MS, 10 s, bounds the look).
    await a.prisma.$executeRawUnsafe(
      'UPDATE users SET token_version = token_version + 1 WHERE id = $1::uuid',
      claims.sub,
    );
    await ended(onB);
  }, 30_000);

  it('ends the streams of an account whose password changed, on the other node too', async () => {
    const { bob } = await players();
    const onB = await stream(b, '/api/users/me/stream', bob.token);
    const onAStream = await stream(a, '/api/users/me/stream', bob.token);
    await request(a.http)
      .patch('/api/users/me/password')
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ currentPassword: PASSWORD, newPassword: 'another-password-1' })
      .expect(204);
    await Promise.all([ended(onB), ended(onAStream)]);
  }, 30_000);

  it('ends the streams of a revoked personal API token: at once on the node that revoked it, at the next look on the other', async () => {
    const { bob } = await players();
    const made = await request(a.http)
      .post('/api/users/me/api-tokens')
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ name: 'streamer', scopes: ['read'] })
      .expect(201);
    const { id, token } = made.body as { id: string; token: string };
    const other = await stream(a, '/api/users/me/stream', bob.token);
    const onA = await stream(a, '/api/users/me/stream', token);
    const onB = await stream(b, '/api/users/me/stream', token);
    await request(a.http)
      .delete(`/api/users/me/api-tokens/${id}`)
      .set('Authorization', `Bearer ${bob.token}`)
      .expect(204);
    await ended(onA);
    await ended(onB);
    expect(other.ended).toBe(false);
  }, 30_000);
});
