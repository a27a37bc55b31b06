import request from 'supertest';
import { bearer, verifyAddress } from './support/email-addresses.js';
import { Mailbox, textOf } from './support/mailbox.js';
import { MatchClient, type Player } from './support/match-client.js';
import { ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The moderators' mails (docs/moderation.md, "Mails"), through a real mailbox: a warning, a mute, a
 * ban and a rename reach the account's verified address in its language; a lift sends none.
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

async function act(
  by: Player,
  target: string,
  action: string,
  body: Record<string, unknown>,
): Promise<{ target: string }> {
  clock.advance(1);
  const res = await request(t.http)
    .post(`/api/moderation/users/${target}/${action}`)
    .set(bearer(by.token))
    .send(body)
    .expect(200);
  return res.body as { target: string };
}

it('mails each action to the verified address, in the account’s language, with the reason and the end', async () => {
  const mod = await client.register('mail_mod');
  await t.prisma.$executeRawUnsafe(`UPDATE users SET role = 'moderator' WHERE username = 'mail_mod'`);
  const ivan = await client.register('ivan');
  const address = 'ivan@example.com';
  await verifyAddress(t.http, mailbox, queue, ivan, address);
  await request(t.http).patch('/api/users/me').set(bearer(ivan.token)).send({ language: 'ru' }).expect(200);
  const before = mailbox.to(address).length;

  await act(mod, ivan.username, 'warn', { reason: 'Грубость в сообщениях' });
  const warned = await mailbox.nth(address, before + 1);
  expect(warned.subject).toBe('Модератор Нард вынес вам предупреждение');
  expect(textOf(warned)).toContain('Модератор Нард вынес вам предупреждение: Грубость в сообщениях.');

  await act(mod, ivan.username, 'mute', { reason: 'Спам', days: 2 });
  const muted = await mailbox.nth(address, before + 2);
  expect(muted.subject).toBe('Вам запрещено писать сообщения в Нардах');
  expect(textOf(muted)).toContain('до 2026-11-29 09:00 UTC. Причина: Спам');

  await act(mod, ivan.username, 'lift', { reason: 'Снято' });
  const { target: placeholder } = await act(mod, ivan.username, 'rename', { reason: 'Имя' });
  const renamed = await mailbox.nth(address, before + 3);
  expect(renamed.subject).toBe('Вам нужно сменить имя в Нардах');
  expect(textOf(renamed)).toContain('имя ivan');

  await act(mod, placeholder, 'ban', { reason: 'Жульничество' });
  const banned = await mailbox.nth(address, before + 4);
  expect(banned.subject).toBe('Ваша учётная запись Нард заблокирована');
  expect(textOf(banned)).toContain('до особого решения');
  expect(textOf(banned)).toContain('Причина: Жульничество');
  // The lift sent nothing: four mails.
  await queue.settled();
  expect(mailbox.to(address).length).toBe(before + 4);
});
