import { createHmac, randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { NotificationQueue } from '../src/notifications/core/notification-queue.js';
import type { Notification, NotificationKind } from '../src/notifications/core/notification.js';
import { EmailAddressesRepository } from '../src/notifications/email/email-addresses.repository.js';
import { bearer, verifyAddress } from './support/email-addresses.js';
import type { Mailbox } from './support/mailbox.js';
import { expectProblem, type MatchClient, type Player } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * A mail's one-click unsubscribe link (docs/email.md, "Unsubscribing") must carry its token in the
 * URL (RFC 8058: the mail client POSTs to it), so the token does not live for ever: it works for
 * UNSUBSCRIBE_LINK_DAYS (60 by default) from the mail, and no longer once the account has verified
 * another address (a new key). Refused, it changes nothing.
 */
const clock = new ManualClock('2026-12-01T09:00:00.000Z');
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

const IMMEDIATELY = { email: 'immediately', push: true };

let n = 0;
async function playerWithAddress(): Promise<{ player: Player; userId: string; address: string }> {
  const player = await client.register(`unsub_${++n}`);
  const address = `${player.username}@example.com`;
  await verifyAddress(t.http, mailbox, queue, player, address);
  const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
  return { player, userId: (me.body as { id: string }).id, address };
}

/** Sends a notification of `kind` to the account, and answers the path of its mail's one-click link. */
async function mailedLink(userId: string, address: string, kind: NotificationKind): Promise<string> {
  const before = mailbox.to(address).length;
  const matchId = randomUUID();
  const note: Notification = {
    id: randomUUID(),
    kind,
    userId,
    createdAt: clock.now().toISOString(),
    matchId,
    title: `A ${kind}`,
    body: 'Something happened.',
    path: `/matches/${matchId}`,
    data: { matchId },
  };
  await t.app.get(NotificationQueue).send(note);
  await queue.settled();
  const mail: ParsedMail = await mailbox.nth(address, before + 1);
  const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';
  return /<https:\/\/nardy\.test([^>]+)>/.exec(line.replace(/\r?\n[ \t]+/g, ''))![1];
}

const oneClick = (path: string) => request(t.http).post(path).type('form').send('List-Unsubscribe=One-Click');

const emailPreferencesOf = async (player: Player): Promise<Record<string, { email: string }>> =>
  (await request(t.http).get('/api/users/me/notifications').set(bearer(player.token)).expect(200)).body as Record<
    string,
    { email: string }
  >;

describe('a one-click unsubscribe link', () => {
  it('works for 60 days from its mail, then answers 400 expired-unsubscribe-token and changes nothing', async () => {
    const { player, userId, address } = await playerWithAddress();
    const invitation = await mailedLink(userId, address, 'invitation');
    const turn = await mailedLink(userId, address, 'turn');
    expect(turn).toMatch(/^\/api\/notifications\/unsubscribe\?token=nardy_us_/);

    clock.advance(60 * DAY - 60_000);
    await oneClick(invitation).expect(204);
    expect((await emailPreferencesOf(player)).invitation.email).toBe('off');

    clock.advance(60_000);
    const expired = await oneClick(turn);
    expect(expired.status).toBe(400);
    expectProblem(expired);
    expect(expired.body).toMatchObject({ code: 'expired-unsubscribe-token' });
    expect((await emailPreferencesOf(player)).turn).toEqual(IMMEDIATELY);

    // A new mail's link works.
    await oneClick(await mailedLink(userId, address, 'turn')).expect(204);
    expect((await emailPreferencesOf(player)).turn.email).toBe('off');
  });

  it('stops working once the account verifies another address: the old mailbox no longer decides', async () => {
    const { player, userId, address } = await playerWithAddress();
    const toOld = await mailedLink(userId, address, 'invitation');
    const newAddress = `${player.username}.new@example.com`;
    await verifyAddress(t.http, mailbox, queue, player, newAddress);

    const refused = await oneClick(toOld);
    expect(refused.status).toBe(400);
    expectProblem(refused);
    expect(refused.body).toMatchObject({ code: 'invalid-unsubscribe-token' });
    expect((await emailPreferencesOf(player)).invitation).toEqual(IMMEDIATELY);

    await oneClick(await mailedLink(userId, newAddress, 'invitation')).expect(204);
    expect((await emailPreferencesOf(player)).invitation.email).toBe('off');
  });

  it('keeps working when the same address is verified again', async () => {
    const { player, userId, address } = await playerWithAddress();
    const link = await mailedLink(userId, address, 'deadline');
    await verifyAddress(t.http, mailbox, queue, player, address);
    await oneClick(link).expect(204);
    expect((await emailPreferencesOf(player)).deadline.email).toBe('off');
  });

  it('of the first form, without its time, is expired when the service made it, and invalid when not', async () => {
    const { player, userId } = await playerWithAddress();
    const { unsubscribeKey } = (await t.app.get(EmailAddressesRepository).of(userId))!;
    const mac = createHmac('sha256', unsubscribeKey).update(`unsubscribe\0${userId}\0turn`).digest('base64url');
    const path = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

    const old = await oneClick(path(`${userId}.turn.${mac}`));
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'expired-unsubscribe-token' });
    const forged = await oneClick(path(`${userId}.turn.${mac.slice(1)}x`));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'invalid-unsubscribe-token' });
    expect((await emailPreferencesOf(player)).turn).toEqual(IMMEDIATELY);
  });
});
