import request from 'supertest';
import { bearer, verifyAddress } from './support/email-addresses.js';
import { linkTokenOf, Mailbox, textOf } from './support/mailbox.js';
import { MatchClient, type Player } from './support/match-client.js';
import { ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Mails in the account's language (docs/email.md, "Languages"), through a real SMTP mailbox: a
 * Russian, a Lithuanian and an Armenian account's verification and password-reset mails, their
 * subject, first paragraph and footer in the account's language, the links and codes as in English;
 * an account that chose no language reads English.
 */
const clock = new ManualClock('2026-12-08T09:00:00.000Z');
const queue = new SettledQueue();
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

async function speaking(username: string, language: string | null): Promise<Player> {
  const player = await client.register(username);
  if (language !== null) {
    await request(t.http).patch('/api/users/me').set(bearer(player.token)).send({ language }).expect(200);
  }
  return player;
}

const WORDS = {
  ru: {
    verification: 'Подтвердите адрес электронной почты для Нард',
    verificationBody: /Перейдите по этой ссылке/,
    code: /Или введите этот код: [A-Z0-9]+/,
    reset: 'Сброс пароля Нард',
    resetBody: /попросил сбросить пароль вашей учётной записи Нарды/,
    footer: /Вы получили это письмо из-за изменения в вашей учётной записи Нарды/,
  },
  lt: {
    verification: 'Patvirtinkite savo el. pašto adresą Nardams',
    verificationBody: /Paspauskite šią nuorodą/,
    code: /Arba įveskite šį kodą: [A-Z0-9]+/,
    reset: 'Atkurkite savo Nardai slaptažodį',
    resetBody: /paprašė atkurti jūsų Nardai paskyros slaptažodį/,
    footer: /Šį laišką gavote dėl pakeitimo jūsų Nardai paskyroje/,
  },
  hy: {
    verification: 'Հաստատեք ձեր էլ. փոստի հասցեն Նարդիի համար',
    verificationBody: /Անցեք այս հղումով/,
    code: /Կամ մուտքագրեք այս կոդը՝ [A-Z0-9]+/,
    reset: 'Վերականգնեք ձեր Նարդի գաղտնաբառը',
    resetBody: /խնդրել է վերականգնել ձեր Նարդի հաշվի գաղտնաբառը/,
    footer: /Այս նամակը ստացել եք, քանի որ ձեր Նարդի հաշվում/,
  },
} as const;

describe('account mails in the account’s language', () => {
  it.each(Object.entries(WORDS))('in %s: the verification and the password reset', async (language, words) => {
    const player = await speaking(`mail_${language}`, language);
    const address = `${player.username}@example.com`;
    await request(t.http).put('/api/users/me/email').set(bearer(player.token)).send({ email: address }).expect(202);
    await queue.settled();
    const verification = await mailbox.nth(address, 1);
    expect(verification.subject).toBe(words.verification);
    expect(textOf(verification)).toMatch(words.verificationBody);
    expect(textOf(verification)).toMatch(words.code);
    expect(textOf(verification)).toMatch(words.footer);
    expect(textOf(verification)).toMatch(/https:\/\/nardy\.test\/verify-email#token=/);
    expect(verification.html || '').toMatch(words.verificationBody);
    await request(t.http)
      .post('/api/users/me/email/verify')
      .set(bearer(player.token))
      .send({ token: linkTokenOf(verification) })
      .expect(204);
    await queue.settled();

    await request(t.http).post('/api/auth/password-reset').send({ username: player.username }).expect(202);
    await queue.settled();
    const reset = await mailbox.nth(address, 2);
    expect(reset.subject).toBe(words.reset);
    expect(textOf(reset)).toMatch(words.resetBody);
    expect(textOf(reset)).toMatch(/https:\/\/nardy\.test\/reset-password#token=nardy_pr_/);
    expect(textOf(reset)).toMatch(words.footer);
  });

  it('an account that chose no language reads English', async () => {
    const player = await speaking('mail_none', null);
    const address = 'mail_none@example.com';
    await verifyAddress(t.http, mailbox, queue, player, address);
    expect((await mailbox.nth(address, 1)).subject).toBe('Confirm your e-mail address for Nardy');
    await request(t.http).post('/api/auth/password-reset').send({ email: address }).expect(202);
    await queue.settled();
    expect((await mailbox.nth(address, 2)).subject).toBe('Reset your Nardy password');
  });

  it('the language chosen after the address was verified is the one the next mail speaks', async () => {
    const player = await speaking('mail_later', null);
    const address = 'mail_later@example.com';
    await verifyAddress(t.http, mailbox, queue, player, address);
    await request(t.http).patch('/api/users/me').set(bearer(player.token)).send({ language: 'ru' }).expect(200);
    await request(t.http).post('/api/auth/password-reset').send({ username: 'mail_later' }).expect(202);
    await queue.settled();
    expect((await mailbox.nth(address, 2)).subject).toBe(WORDS.ru.reset);
  });
});
