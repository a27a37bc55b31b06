import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { NotificationQueue } from '../src/notifications/core/notification-queue.js';
import type { Notification, NotificationKind } from '../src/notifications/core/notification.js';
import { EmailDigest } from '../src/notifications/email/email-digest.js';
import { EmailChannel } from '../src/notifications/email/email.channel.js';
import { bearer, verifyAddress } from './support/email-addresses.js';
import { Mailbox, textOf } from './support/mailbox.js';
import { expectProblem, MatchClient, type Player } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { SettledQueue } from './support/settled-queue.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The e-mail channel and the preferences (docs/email.md): a match notification sent through the
 * NotificationQueue reaches the verified address only when its kind's preference is
 * `immediately`, as a mail with text and HTML parts, a Message-ID from its id and an RFC 8058
 * one-click unsubscribe whose POST turns that kind's mail off; `digest` gathers it into the daily
 * mail; GET/PUT /api/users/me/notifications show and change the preferences.
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

const DEFAULTS = {
  invitation: { email: 'immediately', push: true },
  turn: { email: 'immediately', push: true },
  deadline: { email: 'immediately', push: true },
  finished: { email: 'off', push: true },
  tournament: { email: 'digest', push: true },
  message: { email: 'digest', push: true },
};

let n = 0;
async function playerWithAddress(): Promise<{ player: Player; userId: string; address: string }> {
  const player = await client.register(`note_${++n}`);
  const address = `${player.username}@example.com`;
  await verifyAddress(t.http, mailbox, queue, player, address);
  const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
  return { player, userId: (me.body as { id: string }).id, address };
}

function notification(
  userId: string,
  kind: NotificationKind,
  title = 'Your turn against <b>eve</b> & co',
): Notification {
  const matchId = randomUUID();
  return {
    id: randomUUID(),
    kind,
    userId,
    createdAt: clock.now().toISOString(),
    matchId,
    title,
    body: 'eve played 13/7 8/7 <script>alert(1)</script>; it is your move.',
    path: `/matches/${matchId}`,
    data: { matchId, opponent: 'eve' },
  };
}

async function send(note: Notification): Promise<void> {
  await t.app.get(NotificationQueue).send(note);
  await queue.settled();
}

/** A header's value as sent (unfolded), read from the raw lines: mailparser turns List-* headers into structures. */
function headerOf(mail: ParsedMail, key: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === key)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

const preferencesOf = async (player: Player): Promise<unknown> =>
  (await request(t.http).get('/api/users/me/notifications').set(bearer(player.token)).expect(200)).body;

describe('a notification by e-mail', () => {
  it('reaches the verified address as text and HTML, with its Message-ID and a one-click unsubscribe', async () => {
    const { userId, address } = await playerWithAddress();
    const before = mailbox.to(address).length;
    const note = notification(userId, 'turn');
    await send(note);
    const mail = await mailbox.nth(address, before + 1);

    expect(mail.subject).toBe(note.title);
    expect(mail.messageId).toBe(`<${note.id}@nardy.test>`);
    expect(textOf(mail)).toContain(note.body);
    expect(textOf(mail)).toContain(`https://nardy.test${note.path}`);
    const html = mail.html as string;
    expect(html).toContain(`href="https://nardy.test${note.path}"`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>eve</b>');

    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'list-unsubscribe')).toMatch(
      /^<https:\/\/nardy\.test\/api\/notifications\/unsubscribe\?token=nardy_us_[^>\s]+>$/,
    );
  });

  it('finds each notification of a batch its own address, as the relay asks for them together', async () => {
    const { userId, address } = await playerWithAddress();
    const other = await playerWithAddress();
    const bare = await client.register(`note_${++n}`);
    const bareId = (
      (await request(t.http).get('/api/users/me').set(bearer(bare.token)).expect(200)).body as { id: string }
    ).id;
    const account = { ...notification(bareId, 'turn'), kind: 'account' as const, data: { to: 'new@example.com' } };
    const destinations = await t.app.get(EmailChannel).destinationsOf([
      notification(userId, 'turn'),
      notification(bareId, 'turn'),
      notification(other.userId, 'invitation'),
      // Finished matches are off by e-mail by default.
      notification(userId, 'finished'),
      account,
    ]);
    expect(destinations).toEqual([[address], [], [other.address], [], ['new@example.com']]);
  });

  it('goes nowhere for an account without a verified address', async () => {
    const player = await client.register(`note_${++n}`);
    const me = await request(t.http).get('/api/users/me').set(bearer(player.token)).expect(200);
    const before = mailbox.received.length;
    await send(notification((me.body as { id: string }).id, 'turn'));
    expect(mailbox.received.length).toBe(before);
  });

  it('follows the preference of its kind: off sends nothing, and the one-click POST turns it off without signing in', async () => {
    const { player, userId, address } = await playerWithAddress();
    const before = mailbox.to(address).length;
    await send(notification(userId, 'finished')); // off by default
    await send(notification(userId, 'invitation'));
    expect(mailbox.to(address).length).toBe(before + 1);
    const invitation = mailbox.to(address)[before];
    const url = /<https:\/\/nardy\.test([^>]+)>/.exec(headerOf(invitation, 'list-unsubscribe') ?? '')![1];

    // A token altered in any way does nothing.
    const forged = url.replace(/\.invitation\./, '.turn.');
    const refused = await request(t.http).post(forged).type('form').send('List-Unsubscribe=One-Click');
    expect(refused.status).toBe(400);
    expectProblem(refused);
    expect(refused.body).toMatchObject({ code: 'invalid-unsubscribe-token' });
    await request(t.http).post('/api/notifications/unsubscribe?token=nonsense').type('form').send('a=b').expect(400);

    await request(t.http).post(url).type('form').send('List-Unsubscribe=One-Click').expect(204);
    expect(await preferencesOf(player)).toEqual({ ...DEFAULTS, invitation: { email: 'off', push: true } });
    await send(notification(userId, 'invitation'));
    expect(mailbox.to(address).length).toBe(before + 1);
    await send(notification(userId, 'turn'));
    expect(mailbox.to(address).length).toBe(before + 2);
  });

  it('gathers the kinds set to digest into one mail a day', async () => {
    const { player, userId, address } = await playerWithAddress();
    await request(t.http)
      .put('/api/users/me/notifications')
      .set(bearer(player.token))
      .send({ turn: { email: 'digest' } })
      .expect(200);
    const before = mailbox.to(address).length;
    await send(notification(userId, 'turn', 'Your turn against fred'));
    await send(notification(userId, 'tournament', 'Round 2 of the Autumn Cup'));
    expect(mailbox.to(address).length).toBe(before);

    const digest = t.app.get(EmailDigest);
    clock.advance(DAY - 60_000);
    await digest.sendDue();
    await queue.settled();
    expect(mailbox.to(address).length).toBe(before);

    clock.advance(60_000);
    // Two sweeps at once (two nodes): one mail.
    const sent = await Promise.all([digest.sendDue(), digest.sendDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    await queue.settled();
    const mail = await mailbox.nth(address, before + 1);
    expect(mail.subject).toBe('Your Nardy digest: 2 updates');
    expect(textOf(mail)).toContain('Your turn against fred');
    expect(textOf(mail)).toContain('Round 2 of the Autumn Cup');
    expect(mail.html).toContain('href="https://nardy.test/matches/');
    expect(mailbox.to(address).length).toBe(before + 1);

    // Sent once: the next sweep finds nothing.
    expect(await digest.sendDue()).toBe(0);
  });
});

describe('GET and PUT /api/users/me/notifications', () => {
  it('shows the defaults, changes only what is given, and answers the whole', async () => {
    const player = await client.register(`note_${++n}`);
    expect(await preferencesOf(player)).toEqual(DEFAULTS);
    const changed = await request(t.http)
      .put('/api/users/me/notifications')
      .set(bearer(player.token))
      .send({ turn: { push: false }, finished: { email: 'digest' } })
      .expect(200);
    const expected = {
      ...DEFAULTS,
      turn: { email: 'immediately', push: false },
      finished: { email: 'digest', push: true },
    };
    expect(changed.body).toEqual(expected);
    await request(t.http)
      .put('/api/users/me/notifications')
      .set(bearer(player.token))
      .send({ turn: { email: 'off' } })
      .expect(200);
    expect(await preferencesOf(player)).toEqual({ ...expected, turn: { email: 'off', push: false } });
  });

  it('refuses unknown kinds, channels and values with 400, changing nothing', async () => {
    const player = await client.register(`note_${++n}`);
    for (const body of [
      { chat: { email: 'off' } },
      { turn: { sms: true } },
      { turn: { email: 'weekly' } },
      { turn: { push: 'yes' } },
      { turn: 'off' },
      { turn: { email: 'off' }, invitation: { email: 'never' } },
    ]) {
      const res = await request(t.http).put('/api/users/me/notifications').set(bearer(player.token)).send(body);
      expect(res.status).toBe(400);
      expectProblem(res);
      expect(res.body).toMatchObject({ code: 'validation-failed' });
    }
    expect(await preferencesOf(player)).toEqual(DEFAULTS);
  });

  it('lets a personal API token read them, not change them; refuses no token', async () => {
    const player = await client.register(`note_${++n}`);
    const made = await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(player.token))
      .send({ name: 'bot', scopes: ['read'] })
      .expect(201);
    const pat = (made.body as { token: string }).token;
    await request(t.http).get('/api/users/me/notifications').set(bearer(pat)).expect(200);
    const refused = await request(t.http)
      .put('/api/users/me/notifications')
      .set(bearer(pat))
      .send({ turn: { email: 'off' } });
    expect(refused.status).toBe(403);
    await request(t.http).get('/api/users/me/notifications').expect(401);
    expect(await preferencesOf(player)).toEqual(DEFAULTS);
  });
});
