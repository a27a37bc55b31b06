import request from 'supertest';
import { SqlClient } from '../src/database/sql-client.js';
import { bearer, verifyAddress } from './support/email-addresses.js';
import { linkTokenOf, Mailbox, textOf } from './support/mailbox.js';
import { expectProblem, MatchClient, type Player } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * An account's e-mail address (docs/email.md, "Addresses"): asked for, mailed a link and a code
 * through a real SMTP server, verified once, shown, changed (the old address told), taken by the
 * account that verified it last, removed; bad input refused with nothing sent.
 */
const clock = new ManualClock('2026-11-27T09:00:00.000Z');
const queue = new SettledQueue();
let mailbox: Mailbox;
let t: TestApp;
let client: MatchClient;
let app: MailApp;
beforeAll(async () => {
  app = await startMailApp(clock, queue);
  ({ t, mailbox, client } = app);
});
afterAll(() => app.close());

let n = 0;
const register = (): Promise<Player> => client.register(`mail_${++n}`);
const addressOf = (player: Player, tag = ''): string => `${player.username}${tag}@example.com`;
const stateOf = async (player: Player): Promise<unknown> =>
  (await request(t.http).get('/api/users/me/email').set(bearer(player.token)).expect(200)).body;

describe('verifying an address', () => {
  it('mails a link and a code to the address; the link’s token verifies it once', async () => {
    const alice = await register();
    const address = addressOf(alice);
    expect(await stateOf(alice)).toEqual({ email: null, verified: false, pendingEmail: null });

    await request(t.http).put('/api/users/me/email').set(bearer(alice.token)).send({ email: address }).expect(202);
    await queue.settled();
    const mail = await mailbox.nth(address, 1);
    expect(mail.subject).toBe('Confirm your e-mail address for Nardy');
    expect(textOf(mail)).toMatch(/https:\/\/nardy\.test\/verify-email#token=nardy_ev_[A-Za-z0-9_-]{43}/);
    expect(textOf(mail)).toMatch(/code: [A-Z2-9]{8}/);
    expect(mail.html).toContain('https://nardy.test/verify-email#token=');
    expect(mail.from?.value).toEqual([{ name: 'Nardy', address: 'nardy@localhost' }]);
    expect(await stateOf(alice)).toEqual({ email: null, verified: false, pendingEmail: address });

    const token = linkTokenOf(mail);
    await request(t.http).post('/api/users/me/email/verify').set(bearer(alice.token)).send({ token }).expect(204);
    expect(await stateOf(alice)).toEqual({ email: address, verified: true, pendingEmail: null });

    const again = await request(t.http).post('/api/users/me/email/verify').set(bearer(alice.token)).send({ token });
    expect(again.status).toBe(400);
    expectProblem(again);
    expect(again.body).toMatchObject({ code: 'invalid-token', field: 'token' });
  });

  it('takes the mail’s short code, typed in any case with a dash, in place of the token', async () => {
    const bob = await register();
    const address = addressOf(bob);
    await request(t.http).put('/api/users/me/email').set(bearer(bob.token)).send({ email: address }).expect(202);
    await queue.settled();
    const code = /code: ([A-Z2-9]{8})/.exec(textOf(await mailbox.nth(address, 1)))![1];
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    await request(t.http).post('/api/users/me/email/verify').set(bearer(bob.token)).send({ token: typed }).expect(204);
    expect(await stateOf(bob)).toMatchObject({ email: address, verified: true });
  });

  it('refuses a token of another account, a wrong code and an expired token, verifying nothing', async () => {
    const [carol, dave] = [await register(), await register()];
    await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(carol.token))
      .send({ email: addressOf(carol) })
      .expect(202);
    await queue.settled();
    const token = linkTokenOf(await mailbox.nth(addressOf(carol), 1));

    for (const [who, tried] of [
      [dave, token],
      [carol, 'AAAAAAAA'],
      [carol, 'nardy_ev_not-a-real-token'],
    ] as const) {
      const res = await request(t.http)
        .post('/api/users/me/email/verify')
        .set(bearer(who.token))
        .send({ token: tried });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid-token' });
    }
    clock.advance(DAY + 1000);
    const late = await request(t.http).post('/api/users/me/email/verify').set(bearer(carol.token)).send({ token });
    expect(late.body).toMatchObject({ code: 'invalid-token' });
    expect(await stateOf(carol)).toEqual({ email: null, verified: false, pendingEmail: null });
    expect(await stateOf(dave)).toEqual({ email: null, verified: false, pendingEmail: null });
  });

  it('refuses what is not an address, and a personal API token, sending nothing', async () => {
    const erin = await register();
    const mailsBefore = mailbox.received.length;
    for (const body of [{ email: 'not an address' }, { email: '' }, {}, { email: 'a@b.c', extra: 1 }, { email: 42 }]) {
      const res = await request(t.http).put('/api/users/me/email').set(bearer(erin.token)).send(body);
      expect(res.status).toBe(400);
      expectProblem(res);
    }
    const made = await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(erin.token))
      .send({ name: 'bot', scopes: ['play'] })
      .expect(201);
    const pat = (made.body as { token: string }).token;
    const refused = await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(pat))
      .send({ email: addressOf(erin) });
    expect(refused.status).toBe(403);
    await request(t.http).get('/api/users/me/email').set(bearer(pat)).expect(403);
    await request(t.http).get('/api/users/me/email').expect(401);
    await queue.settled();
    expect(mailbox.received.length).toBe(mailsBefore);
  });

  it('sends at most 5 verification mails an hour per account (429 past it), and again an hour later', async () => {
    const fay = await register();
    for (let i = 1; i <= 5; i++) {
      await request(t.http)
        .put('/api/users/me/email')
        .set(bearer(fay.token))
        .send({ email: addressOf(fay, `+${i}`) })
        .expect(202);
    }
    const sixth = await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(fay.token))
      .send({ email: addressOf(fay, '+6') });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'too-many-mails' });
    expect(sixth.headers['retry-after']).toBeDefined();
    await queue.settled();
    expect(mailbox.to(addressOf(fay, '+6'))).toHaveLength(0);
    // Only the last address asked for can be verified: the earlier mails' tokens ended.
    const first = linkTokenOf(await mailbox.nth(addressOf(fay, '+1'), 1));
    const res = await request(t.http).post('/api/users/me/email/verify').set(bearer(fay.token)).send({ token: first });
    expect(res.body).toMatchObject({ code: 'invalid-token' });

    clock.advance(3600 * 1000 + 1000);
    await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(fay.token))
      .send({ email: addressOf(fay, '+6') })
      .expect(202);
  });
});

describe('changing and removing an address', () => {
  it('tells the old verified address of the change, and keeps it until the new one is verified', async () => {
    const gus = await register();
    const [old, next] = [addressOf(gus, '+old'), addressOf(gus, '+new')];
    await verifyAddress(t.http, mailbox, queue, gus, old);
    await request(t.http).put('/api/users/me/email').set(bearer(gus.token)).send({ email: next }).expect(202);
    expect(await stateOf(gus)).toEqual({ email: old, verified: true, pendingEmail: next });
    const oldMailsBefore = mailbox.to(old).length;

    await queue.settled();
    const token = linkTokenOf(await mailbox.nth(next, 1));
    await request(t.http).post('/api/users/me/email/verify').set(bearer(gus.token)).send({ token }).expect(204);
    await queue.settled();
    expect(await stateOf(gus)).toEqual({ email: next, verified: true, pendingEmail: null });
    const told = await mailbox.nth(old, oldMailsBefore + 1);
    expect(told.subject).toBe('Your Nardy e-mail address was changed');
    expect(textOf(told)).not.toContain(next);
  });

  it('gives an address to the account that verified it last; the other loses it without being told who', async () => {
    const [hal, ivy] = [await register(), await register()];
    const shared = `shared_${n}@example.com`;
    await verifyAddress(t.http, mailbox, queue, hal, shared);
    // Ivy asks for the same address, in another case: the same 202 as for a free address.
    await verifyAddress(t.http, mailbox, queue, ivy, shared.toUpperCase());
    expect(await stateOf(ivy)).toEqual({ email: shared.toUpperCase(), verified: true, pendingEmail: null });
    expect(await stateOf(hal)).toEqual({ email: null, verified: false, pendingEmail: null });
  });

  it('gives an address verified by several accounts at the same moment to one of them, answering each 204', async () => {
    const players = [await register(), await register(), await register()];
    const shared = `race_${n}@example.com`;
    const tokens: string[] = [];
    for (const player of players) {
      await request(t.http).put('/api/users/me/email').set(bearer(player.token)).send({ email: shared }).expect(202);
      await queue.settled();
      tokens.push(linkTokenOf(await mailbox.nth(shared, tokens.length + 1)));
    }
    const answers = await Promise.all(
      players.map((player, i) =>
        request(t.http).post('/api/users/me/email/verify').set(bearer(player.token)).send({ token: tokens[i] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const states = (await Promise.all(players.map(stateOf))) as Array<{ verified: boolean }>;
    expect(states.filter((state) => state.verified)).toHaveLength(1);
  });

  it('removes the address: DELETE answers 204, also when there is none', async () => {
    const jo = await register();
    await verifyAddress(t.http, mailbox, queue, jo, addressOf(jo));
    await request(t.http).delete('/api/users/me/email').set(bearer(jo.token)).expect(204);
    expect(await stateOf(jo)).toEqual({ email: null, verified: false, pendingEmail: null });
    await request(t.http).delete('/api/users/me/email').set(bearer(jo.token)).expect(204);
  });

  it('stores only hashes of the tokens and codes', async () => {
    const kim = await register();
    await request(t.http)
      .put('/api/users/me/email')
      .set(bearer(kim.token))
      .send({ email: addressOf(kim) })
      .expect(202);
    await queue.settled();
    const mail = await mailbox.nth(addressOf(kim), 1);
    const rows = await t.app
      .get(SqlClient)
      .query(`SELECT encode(token_hash, 'hex') AS t, encode(code_hash, 'hex') AS c, * FROM email_tokens`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(linkTokenOf(mail).slice('nardy_ev_'.length));
    expect(stored).not.toContain(/code: ([A-Z2-9]{8})/.exec(textOf(mail))![1]);
  });
});
