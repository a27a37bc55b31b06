import request from 'supertest';
import { bearer } from './support/email-addresses.js';
import { startMailApp, type MailApp } from './support/mail-app.js';
import { ManualClock } from './support/manual-clock.js';
import { expectProblem, type MatchClient, type Player, type ProblemJson } from './support/match-client.js';
import { SettledQueue } from './support/settled-queue.js';
import type { TestApp } from './support/test-app.js';

/**
 * The names people type (docs/architecture.md, "Text people type") go into mail subjects,
 * notifications and pages: a tournament's name and an API token's are stored in NFC without
 * spaces at the ends, and refused with 400 and a field error, storing nothing, when they hold
 * control characters (`Cup\r\nBcc: …`), bidirectional controls (U+202E) or nothing visible (only
 * U+200B, only spaces). An e-mail address with control characters or a quoted local part is
 * refused the same way, and no mail is queued for it.
 */
const clock = new ManualClock('2026-12-01T09:00:00.000Z');
const queue = new SettledQueue();
let app: MailApp;
let t: TestApp;
let client: MatchClient;
beforeAll(async () => {
  app = await startMailApp(clock, queue);
  ({ t, client } = app);
});
afterAll(() => app.close());

let n = 0;
const register = (): Promise<Player> => client.register(`text_${++n}`);

const KNOCKOUT = { variant: 'backgammon', format: 'knockout', lengths: [1], daysPerTurn: 3, maxPlayers: 8 };

function expectFieldError(res: request.Response, field: string, constraint: string): void {
  expect([res.status, res.body]).toMatchObject([400, { code: 'validation-failed' }]);
  expectProblem(res);
  const errors = (res.body as ProblemJson & { errors: Array<{ field: string; constraint: string }> }).errors;
  expect(errors).toContainEqual(expect.objectContaining({ field, constraint }));
}

describe('tournament names', () => {
  it.each([
    ['a right-to-left override', 'bidi-control', '\u202EpuC nmutuA'],
    ['only a zero-width space', 'invisible-only', '\u200B'],
    ['a line break and a mail header', 'control-character', 'Cup\r\nBcc: victim@example.com'],
    ['only Hangul fillers', 'invisible-only', '\u3164\u3164'],
    ['only spaces', 'blank', '   '],
  ])('refuses a name with %s (400, %s), creating nothing', async (_what, constraint, name) => {
    const olga = await register();
    const before = await t.prisma.tournament.count();
    const res = await request(t.http)
      .post('/api/tournaments')
      .set(bearer(olga.token))
      .send({ ...KNOCKOUT, name });
    expectFieldError(res, 'name', constraint);
    expect(await t.prisma.tournament.count()).toBe(before);
  });

  it('stores a name with combining characters in NFC, trimmed', async () => {
    const olga = await register();
    const res = await request(t.http)
      .post('/api/tournaments')
      .set(bearer(olga.token))
      .send({ ...KNOCKOUT, name: '  Cafe\u0301 Cup\u00a0' })
      .expect(201);
    const { id, name } = res.body as { id: string; name: string };
    expect(name).toBe('Caf\u00e9 Cup');
    const read = await request(t.http).get(`/api/tournaments/${id}`).expect(200);
    expect((read.body as { name: string }).name).toBe('Caf\u00e9 Cup');
    const stored = await t.prisma.tournament.findUniqueOrThrow({ where: { id }, select: { name: true } });
    expect(stored.name).toBe('Caf\u00e9 Cup');
  });
});

describe('API token names', () => {
  it.each([
    ['only spaces', 'blank', '     '],
    ['a line break', 'control-character', 'bot\nname'],
    ['a bidirectional isolate', 'bidi-control', 'bot\u2067name'],
    ['only a word joiner and a byte-order mark', 'invisible-only', '\u2060\uFEFF'],
  ])('refuses a name of %s (400, %s), making no token', async (_what, constraint, name) => {
    const ivan = await register();
    const res = await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(ivan.token))
      .send({ name, scopes: ['play'] });
    expectFieldError(res, 'name', constraint);
    const listed = await request(t.http).get('/api/users/me/api-tokens').set(bearer(ivan.token)).expect(200);
    expect(listed.body).toMatchObject({ items: [] });
  });

  it('stores a name with combining characters in NFC', async () => {
    const ivan = await register();
    await request(t.http)
      .post('/api/users/me/api-tokens')
      .set(bearer(ivan.token))
      .send({ name: 'Zoe\u0308’s bot ', scopes: ['read'] })
      .expect(201);
    const listed = await request(t.http).get('/api/users/me/api-tokens').set(bearer(ivan.token)).expect(200);
    expect(listed.body).toMatchObject({ items: [{ name: 'Zo\u00eb’s bot' }] });
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['CR/LF in a quoted local part', 'control-character', '"alice\r\nBcc: eve@example.com"@example.com'],
    ['a quoted local part', 'quoted-local-part', '"alice smith"@example.com'],
  ])('refuses an address with %s (400, %s), storing and mailing nothing', async (_what, constraint, email) => {
    const erin = await register();
    const res = await request(t.http).put('/api/users/me/email').set(bearer(erin.token)).send({ email });
    expectFieldError(res, 'email', constraint);
    await queue.settled();
    const state = await request(t.http).get('/api/users/me/email').set(bearer(erin.token)).expect(200);
    expect(state.body).toEqual({ email: null, verified: false, pendingEmail: null });
    expect(app.mailbox.received.filter((mail) => JSON.stringify(mail).includes('eve@'))).toEqual([]);
  });

  it('refuses such an address asking for a password reset, too', async () => {
    const res = await request(t.http).post('/api/auth/password-reset').send({ email: '"a\r\nb"@example.com' });
    expectFieldError(res, 'email', 'control-character');
  });
});

describe('webhook labels', () => {
  const WEBHOOK = { url: 'https://bot.example.com/nardy/events', events: ['match.turn'] };
  const webhooksOf = async (owner: Player): Promise<Array<Record<string, unknown>>> =>
    (
      (await request(t.http).get('/api/users/me/webhooks').set(bearer(owner.token)).expect(200)).body as {
        items: Array<Record<string, unknown>>;
      }
    ).items;

  it.each([
    ['a line break and a mail header', 'control-character', 'Cup\r\nBcc: x'],
    ['a right-to-left override', 'bidi-control', 'my \u202Ebot'],
    ['only a zero-width space', 'invisible-only', '\u200B'],
    ['only spaces', 'blank', '    '],
  ])('refuses a label with %s (400, %s), registering nothing', async (_what, constraint, label) => {
    const wanda = await register();
    const before = await t.prisma.webhook.count();
    const res = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(wanda.token))
      .send({ ...WEBHOOK, label });
    expectFieldError(res, 'label', constraint);
    expect(await t.prisma.webhook.count()).toBe(before);
    expect(await webhooksOf(wanda)).toEqual([]);
  });

  it('stores a label with combining characters in NFC, trimmed, and lists it; no label is null', async () => {
    const wanda = await register();
    const labelled = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(wanda.token))
      .send({ ...WEBHOOK, label: ' Zoe\u0308’s bot\u3000' })
      .expect(201);
    expect(labelled.body).toMatchObject({ label: 'Zo\u00eb’s bot' });
    const plain = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(wanda.token))
      .send(WEBHOOK)
      .expect(201);
    expect(plain.body).toMatchObject({ label: null });
    const labelledId = (labelled.body as { id: string }).id;
    const plainId = (plain.body as { id: string }).id;
    const listed = await webhooksOf(wanda);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: labelledId, label: 'Zo\u00eb’s bot' }),
        expect.objectContaining({ id: plainId, label: null }),
      ]),
    );
    const labelOf = async (id: string) =>
      (await t.prisma.webhook.findUniqueOrThrow({ where: { id }, select: { label: true } })).label;
    expect(await labelOf(labelledId)).toBe('Zo\u00eb’s bot');
    expect(await labelOf(plainId)).toBeNull();
  });

  it('refuses a label over 100 characters (400, maxLength)', async () => {
    const wanda = await register();
    const res = await request(t.http)
      .post('/api/users/me/webhooks')
      .set(bearer(wanda.token))
      .send({ ...WEBHOOK, label: 'b'.repeat(101) });
    expectFieldError(res, 'label', 'maxLength');
    expect(await webhooksOf(wanda)).toEqual([]);
  });
});
