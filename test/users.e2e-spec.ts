import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import type { TokenResponseDto } from '../src/auth/dto/token-response.dto.js';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app.js';
import { NEW_PLAYER_STANDING } from './support/new-player.js';
import { PasswordHasher } from '../src/security/password-hasher.js';
import { Argon2Probe } from './support/argon2-probe.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
});
afterAll(() => t.close());

const register = (body: unknown) =>
  request(t.http)
    .post('/api/users')
    .send(body as object);
const login = (username: string, password: string) =>
  request(t.http).post('/api/auth/token').send({ username, password });
const problem = (res: request.Response) => res.body as ProblemDetails;
const tokenOf = (res: request.Response) => (res.body as TokenResponseDto).accessToken;
const anyString = expect.any(String) as unknown;

describe('registration', () => {
  it('creates a player and answers 201 with the account, never the password', async () => {
    const res = await register({ username: 'Alice_1', password: 'correct horse' }).expect(201);
    expect(res.body).toEqual({
      id: anyString,
      username: 'Alice_1',
      createdAt: anyString,
      ...NEW_PLAYER_STANDING,
      autoPlayForced: false,
      language: null,
      role: 'player',
      warnings: [],
      renameRequired: false,
    });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { usernameKey: 'alice_1' } });
    // argon2id with the app's settings (the tests': test/support/test-settings.ts).
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=4,t=2\$/);
    expect(JSON.stringify(res.body)).not.toContain('correct horse');
  });

  it('refuses a username that differs only in case with 409 username-taken', async () => {
    await register({ username: 'bob', password: 'tabletop-ladder-9' }).expect(201);
    const res = await register({ username: 'BoB', password: 'tabletop-ladder-10' }).expect(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 409, code: 'username-taken', type: 'urn:nardy:problem:username-taken' });
    expect(await t.prisma.user.count({ where: { usernameKey: 'bob' } })).toBe(1);
  });

  it.each([
    ['too short', { username: 'ab', password: 'password1' }, 'username'],
    ['too long', { username: 'a'.repeat(25), password: 'password1' }, 'username'],
    ['bad characters', { username: 'al ice!', password: 'password1' }, 'username'],
    ['not a string', { username: 42, password: 'password1' }, 'username'],
    ['password too short', { username: 'carol', password: 'short' }, 'password'],
    ['password too long', { username: 'carol', password: 'x'.repeat(129) }, 'password'],
    ['missing password', { username: 'carol' }, 'password'],
    ['unknown field', { username: 'carol', password: 'password1', admin: true }, 'admin'],
  ])('refuses %s with 400 validation-failed naming the field', async (_name, body, field) => {
    const res = await register(body).expect(400);
    expect(problem(res).code).toBe('validation-failed');
    expect(problem(res).errors?.map((e) => e.field)).toContain(field);
    expect(await t.prisma.user.count({ where: { usernameKey: 'carol' } })).toBe(0);
  });

  it('accepts the edge lengths: 3 and 24 character usernames, 8 and 128 character passwords', async () => {
    await register({ username: 'abc', password: 'kqzmvbxt' }).expect(201);
    await register({ username: 'z'.repeat(24), password: 'Zq7#vLp2'.repeat(16) }).expect(201);
  });

  it.each([
    ['one of the most common passwords', 'password1', 'is too easy to guess'],
    ['a keyboard run', 'qwertyuiop', 'is too easy to guess'],
    ['a common password in l33t', 'P@ssw0rd!', 'is too easy to guess'],
    ['the username in it', 'my-Gwen-horse-battery', 'must not contain the username'],
  ])(
    'refuses a password that is %s with 400 weak-password naming the field, creating nothing',
    async (_, password, says) => {
      const res = await register({ username: 'gwen', password }).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ code: 'weak-password', field: 'password', status: 400 });
      expect(problem(res).detail).toContain(`password ${says}`);
      expect(await t.prisma.user.count({ where: { usernameKey: 'gwen' } })).toBe(0);
    },
  );
});

describe('usernames that could pass for another', () => {
  it.each([
    ['a house bot’s name with a separator added', 'bot-easy-', 'reserved-username', 'username reads as "bot-easy"'],
    ['a house bot’s name in capitals and a suffix', 'GNUBG_2', 'reserved-username', 'username reads as "gnubg"'],
    ['a house bot’s name spelt with a zero', 'b0t_easy', 'reserved-username', 'username reads as "bot-easy"'],
    ['a house bot’s name at its end', 'my-gnubg', 'reserved-username', 'username reads as "gnubg"'],
    [
      'a Cyrillic letter among Latin ones',
      'b\u043et-easy',
      'mixed-scripts',
      'username must not mix letters of different scripts (Cyrillic, Latin)',
    ],
    [
      'a right-to-left override',
      'alice\u202Egnp',
      'bidi-control',
      'username must not contain bidirectional control characters',
    ],
  ])(
    'refuses %s with 400 validation-failed and one error saying so, creating nothing',
    async (_, username, constraint, says) => {
      const before = await t.prisma.user.count();
      const res = await register({ username, password: 'walnut-ferry-compass' }).expect(400);
      expect(problem(res).code).toBe('validation-failed');
      expect(problem(res).errors).toEqual([
        { field: 'username', constraint, message: expect.stringContaining(says) as unknown },
      ]);
      expect(await t.prisma.user.count()).toBe(before);
    },
  );

  it('lets an account made before the rule log in and be looked up as before', async () => {
    // An account whose name the rule now refuses, as made before it.
    await t.prisma.user.create({
      data: {
        username: 'my-bot',
        usernameKey: 'my-bot',
        passwordHash: await t.app.get(PasswordHasher).hash('walnut-ferry-compass'),
      },
    });
    await login('my-bot', 'walnut-ferry-compass').expect(200);
    expect((await request(t.http).get('/api/users/my-bot').expect(200)).body).toMatchObject({ username: 'my-bot' });
  });
});

describe('login and tokens', () => {
  beforeAll(async () => {
    await register({ username: 'dave', password: 'orbit-ladder-pawn' }).expect(201);
  });

  it('issues a bearer token for the right password, case-insensitively on the username', async () => {
    const res = await login('DAVE', 'orbit-ladder-pawn').expect(200);
    expect(res.body).toEqual({
      accessToken: anyString,
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: anyString,
    });
    const me = await request(t.http)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${tokenOf(res)}`)
      .expect(200);
    expect(me.body).toMatchObject({ username: 'dave', rating: 1500 });
  });

  it('answers a wrong password and an unknown user identically: 401 invalid-credentials', async () => {
    const wrong = await login('dave', 'not-the-password').expect(401);
    const unknown = await login('nobody-here', 'not-the-password').expect(401);
    expect(problem(wrong).code).toBe('invalid-credentials');
    expect(problem(unknown).code).toBe('invalid-credentials');
    expect(problem(wrong).detail).toBe(problem(unknown).detail);
  });

  it('verifies a password with argon2 for an unknown user as for a wrong one (the same work, so about the same time)', async () => {
    // Counted, not timed: a comparison of wall-clock times fails now and then on a loaded machine.
    const probe = Argon2Probe.install();
    try {
      await login('dave', 'not-the-password').expect(401);
      const known = probe.count('verify');
      await login('ghost', 'not-the-password').expect(401);
      expect({ known, unknown: probe.count('verify') - known }).toEqual({ known: 1, unknown: 1 });
    } finally {
      probe.restore();
    }
  });

  it.each(['bearer', 'BEARER', 'bEaReR'])(
    'accepts the authentication scheme regardless of case (RFC 7235): %s <token>',
    async (scheme) => {
      const token = tokenOf(await login('dave', 'orbit-ladder-pawn').expect(200));
      await request(t.http).get('/api/users/me').set('Authorization', `${scheme} ${token}`).expect(200);
    },
  );

  it.each([
    ['no header', undefined],
    ['not bearer', 'Basic ZGF2ZTpwYXNz'],
    ['garbage token', 'Bearer not.a.token'],
    [
      'token signed with another secret',
      `Bearer ${new JwtService({ secret: 'another-secret-another-secret-another' }).sign({ sub: 'x', username: 'dave' })}`,
    ],
    [
      'expired token',
      `Bearer ${new JwtService({ secret: TEST_JWT_SECRET }).sign({ sub: 'x', username: 'dave', exp: Math.floor(Date.now() / 1000) - 10 })}`,
    ],
    ['token without claims', `Bearer ${new JwtService({ secret: TEST_JWT_SECRET }).sign({ foo: 1 })}`],
    [
      'alg none',
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","username":"dave"}').toString('base64url')}.`,
    ],
  ])('GET /api/users/me with %s is 401 unauthorized', async (_name, header) => {
    const req = request(t.http).get('/api/users/me');
    if (header) req.set('Authorization', header);
    const res = await req.expect(401);
    expect(problem(res).code).toBe('unauthorized');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a valid token (signed with the secret as a string) whose account no longer exists', async () => {
    const token = new JwtService({ secret: TEST_JWT_SECRET }).sign(
      { sub: '00000000-0000-4000-8000-000000000000', username: 'gone' },
      { expiresIn: 3600 },
    );
    const res = await request(t.http).get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(problem(res)).toMatchObject({
      code: 'unauthorized',
      detail: 'The account of this bearer token no longer exists.',
    });
  });
});

describe('settings', () => {
  it('turns autoPlayForced on and off for the caller only, and refuses anything but a boolean', async () => {
    await register({ username: 'frank', password: 'maple-ferry-quartz' }).expect(201);
    const token = tokenOf(await login('frank', 'maple-ferry-quartz').expect(200));
    const patch = (body: object) =>
      request(t.http).patch('/api/users/me').set('Authorization', `Bearer ${token}`).send(body);
    expect((await patch({ autoPlayForced: true }).expect(200)).body).toMatchObject({ autoPlayForced: true });
    const me = await request(t.http).get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({ username: 'frank', autoPlayForced: true });
    expect(problem(await patch({ autoPlayForced: 'yes' }).expect(400)).code).toBe('validation-failed');
    expect(problem(await patch({ rating: 3000 }).expect(400)).code).toBe('validation-failed');
    expect((await patch({ autoPlayForced: false }).expect(200)).body).toMatchObject({ autoPlayForced: false });
    await request(t.http).patch('/api/users/me').send({ autoPlayForced: true }).expect(401);
  });

  it('keeps the language chosen (en, ru, lt, hy; null to follow the browser), and refuses another, changing nothing', async () => {
    await register({ username: 'gina', password: 'amber-lantern-pike' }).expect(201);
    const token = tokenOf(await login('gina', 'amber-lantern-pike').expect(200));
    const auth = { Authorization: `Bearer ${token}` };
    const patch = (body: object) => request(t.http).patch('/api/users/me').set(auth).send(body);
    const me = async () =>
      (await request(t.http).get('/api/users/me').set(auth).expect(200)).body as { language: unknown };
    expect((await me()).language).toBeNull();
    for (const language of ['ru', 'lt', 'hy', 'en']) {
      expect((await patch({ language }).expect(200)).body).toMatchObject({ language });
    }
    const refused = problem(await patch({ language: 'de', autoPlayForced: true }).expect(400));
    expect(refused).toMatchObject({
      code: 'validation-failed',
      errors: [expect.objectContaining({ field: 'language' })],
    });
    expect(await me()).toMatchObject({ language: 'en', autoPlayForced: false });
    expect((await patch({ language: null }).expect(200)).body).toMatchObject({ language: null });
    // A setting left out keeps its value.
    await patch({ language: 'hy' }).expect(200);
    expect((await patch({ autoPlayForced: true }).expect(200)).body).toMatchObject({
      language: 'hy',
      autoPlayForced: true,
    });
  });
});

describe('public profiles', () => {
  it('shows username and creation date, the starting rating 1500 with no experience and an empty record, looked up case-insensitively', async () => {
    await register({ username: 'Erin', password: 'velvet-canyon-drum' }).expect(201);
    const res = await request(t.http).get('/api/users/ERIN').expect(200);
    expect(res.body).toEqual({
      username: 'Erin',
      createdAt: anyString,
      ...NEW_PLAYER_STANDING,
    });
    expect(res.body).not.toHaveProperty('id');
  });

  it('answers 404 user-not-found for an unknown player and 400 invalid-parameter for an impossible name', async () => {
    expect(problem(await request(t.http).get('/api/users/nobody').expect(404)).code).toBe('user-not-found');
    expect(problem(await request(t.http).get('/api/users/no%20body').expect(400)).code).toBe('invalid-parameter');
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id and puts it in problems; invents one otherwise', async () => {
    const res = await request(t.http).get('/api/users/nobody').set('X-Request-Id', 'client-id-123').expect(404);
    expect(res.headers['x-request-id']).toBe('client-id-123');
    expect(problem(res).requestId).toBe('client-id-123');
    const other = await request(t.http).get('/api/users/nobody').set('X-Request-Id', 'bad id with spaces').expect(404);
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
