import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SseClient } from '../bench/sse-client.js';
import { bearer, verifyAddress } from './support/email-addresses.js';
import { linkTokenOf, Mailbox, textOf } from './support/mailbox.js';
import { expectProblem, MatchClient, PASSWORD, type Player } from './support/match-client.js';
import { ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Password reset by mail (docs/email.md, "Password reset"), end to end through a real mailbox:
 * asked by username or address, always 202 and telling nothing; the mail's token sets a new
 * password once, within an hour, and ends every earlier token as logging out everywhere does;
 * at most 3 mails an hour per account.
 */
const clock = new ManualClock('2026-11-27T09:00:00.000Z');
const queue = new SettledQueue();
const NEW_PASSWORD = 'quartz lantern orbit meadow';
let mailbox: Mailbox;
let t: TestApp;
let client: MatchClient;
let app: MailApp;
beforeAll(async () => {
  app = await startMailApp(clock, queue, 'https://nardy.test/');
  ({ t, mailbox, client } = app);
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
});
afterAll(() => app.close());

let n = 0;
/** A player with a verified address, and a refresh token from its sign-in. */
async function playerWithAddress(): Promise<{ player: Player; address: string; refreshToken: string }> {
  const player = await client.register(`reset_${++n}`);
  const address = `${player.username}@example.com`;
  await verifyAddress(t.http, mailbox, queue, player, address);
  const login = await request(t.http)
    .post('/api/auth/token')
    .send({ username: player.username, password: PASSWORD })
    .expect(200);
  return { player, address, refreshToken: (login.body as { refreshToken: string }).refreshToken };
}

const ask = (body: Record<string, unknown>) => request(t.http).post('/api/auth/password-reset').send(body);
const confirm = (token: string, newPassword = NEW_PASSWORD) =>
  request(t.http).post('/api/auth/password-reset/confirm').send({ token, newPassword });

describe('resetting a password through the mailbox', () => {
  it('mails a link whose token sets the new password once and ends every earlier token', async () => {
    const { player, address, refreshToken } = await playerWithAddress();
    const mailsBefore = mailbox.to(address).length;
    const asked = await ask({ username: player.username.toUpperCase() });
    expect(asked.status).toBe(202);
    await queue.settled();
    const mail = await mailbox.nth(address, mailsBefore + 1);
    expect(mail.subject).toBe('Reset your Nardy password');
    expect(textOf(mail)).toMatch(/https:\/\/nardy\.test\/reset-password#token=nardy_pr_/);
    const token = linkTokenOf(mail);

    // A weak password is refused, and leaves the token good.
    const weak = await confirm(token, 'password123');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'weak-password', field: 'newPassword' });
    await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);

    await confirm(token).expect(204);
    await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(401);
    const refreshed = await request(t.http).post('/api/auth/refresh').send({ refreshToken });
    expect(refreshed.status).toBe(401);
    await request(t.http).post('/api/auth/token').send({ username: player.username, password: PASSWORD }).expect(401);
    const fresh = await client.login(player.username, NEW_PASSWORD);
    await request(t.http).get('/api/users/me').set(bearer(fresh.token)).expect(200);

    const again = await confirm(token, 'another fine long passphrase');
    expect(again.status).toBe(400);
    expectProblem(again);
    expect(again.body).toMatchObject({ code: 'invalid-token', field: 'token' });
    await client.login(player.username, NEW_PASSWORD);

    await queue.settled();
    const told = await mailbox.nth(address, mailsBefore + 2);
    expect(told.subject).toBe('Your Nardy password was changed');
  });

  it('closes the live streams opened with the tokens it ends', async () => {
    const { player, address } = await playerWithAddress();
    const port = (t.http.address() as AddressInfo).port;
    const stream = await SseClient.open(port, '/api/users/me/stream', { authorization: `Bearer ${player.token}` });
    try {
      expect(stream.status).toBe(200);
      const before = mailbox.to(address).length;
      await ask({ username: player.username }).expect(202);
      await queue.settled();
      expect(stream.ended).toBe(false);
      await confirm(linkTokenOf(await mailbox.nth(address, before + 1))).expect(204);
      await stream.waitFor((c) => c.ended, 15_000);
    } finally {
      stream.close();
    }
  });

  it('finds the account by its verified address, whatever its case', async () => {
    const { player, address } = await playerWithAddress();
    const before = mailbox.to(address).length;
    await ask({ email: address.toUpperCase() }).expect(202);
    await queue.settled();
    await confirm(linkTokenOf(await mailbox.nth(address, before + 1))).expect(204);
    await client.login(player.username, NEW_PASSWORD);
  });

  it('lets a token expire after an hour', async () => {
    const { player, address } = await playerWithAddress();
    const before = mailbox.to(address).length;
    await ask({ username: player.username }).expect(202);
    await queue.settled();
    const token = linkTokenOf(await mailbox.nth(address, before + 1));
    clock.advance(3600 * 1000 + 1);
    expect((await confirm(token)).body).toMatchObject({ code: 'invalid-token' });
    await client.login(player.username);
  });
});

describe('asking tells nothing', () => {
  it('answers 202 and sends nothing for an unknown account, an unknown address, and an account without a verified address', async () => {
    const unverified = await client.register(`reset_${++n}`);
    await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(unverified.token))
      .send({ email: `${unverified.username}@example.com` })
      .expect(202);
    await queue.settled();
    const before = mailbox.received.length;
    const answers = [
      await ask({ username: 'nobody_here' }),
      await ask({ email: 'nobody@example.com' }),
      await ask({ username: unverified.username }),
      await ask({ email: `${unverified.username}@example.com` }),
      await ask({ username: 'bot' }),
    ];
    await queue.settled();
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({});
    }
    expect(mailbox.received.length).toBe(before);
  });

  it('sends at most 3 reset mails an hour to an account; more requests get 202 and no mail', async () => {
    const { player, address } = await playerWithAddress();
    const before = mailbox.to(address).length;
    for (let i = 0; i < 3; i++) await ask({ username: player.username }).expect(202);
    await ask({ email: address }).expect(202);
    await ask({ username: player.username }).expect(202);
    await queue.settled();
    expect(mailbox.to(address).length).toBe(before + 3);
    clock.advance(3600 * 1000 + 1);
    await ask({ email: address }).expect(202);
    await queue.settled();
    expect(mailbox.to(address).length).toBe(before + 4);
  });

  it('refuses a request with neither a username nor an address, or a confirmation without a token', async () => {
    for (const body of [{}, { email: 'not an address' }, { username: 42 }, { username: 'x', other: 1 }]) {
      const res = await ask(body);
      expect(res.status).toBe(400);
      expectProblem(res);
    }
    for (const body of [{ newPassword: NEW_PASSWORD }, { token: 'x', newPassword: 'short' }, { token: 'x' }]) {
      const res = await request(t.http).post('/api/auth/password-reset/confirm').send(body);
      expect(res.status).toBe(400);
    }
  });
});

describe('the per-client throttle', () => {
  it('limits both routes per client address as password logins are (429 with Retry-After)', async () => {
    const throttled = await startTestApp({ AUTH_THROTTLE_LIMIT: '2' }, t.db);
    try {
      for (const path of ['/api/auth/password-reset', '/api/auth/password-reset/confirm']) {
        const body = path.endsWith('confirm') ? { token: 'x', newPassword: NEW_PASSWORD } : { username: 'nobody' };
        const statuses: number[] = [];
        for (let i = 0; i < 2; i++) statuses.push((await request(throttled.http).post(path).send(body)).status);
        expect(statuses).not.toContain(429);
        const refused = await request(throttled.http).post(path).send(body);
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
      }
    } finally {
      await throttled.close();
    }
  });
});
