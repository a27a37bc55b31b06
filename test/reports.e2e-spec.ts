import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { ReportCasesService, ReportClosedError, ReportNotFoundError } from '../src/community/index.js';
import { SqlClient } from '../src/database/sql-client.js';
import { MatchClient, expectProblem, type Player, type ProblemJson } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Reports (docs/community.md, "Reports"): POST /api/reports answers 202 with the case; one open case
 * per reporter and target, which a repeat joins (also when two first filings race); 20 filings a day
 * per reporter (429 too-many-reports, counted in PostgreSQL); the refusals, each with its code; the
 * target told nothing; and the community face's ReportCasesService that the moderators' routes and the
 * account's export read them through.
 */
const clock = new ManualClock('2026-12-01T09:00:00.000Z');
let t: TestApp;
let client: MatchClient;
let sql: SqlClient;
let cases: ReportCasesService;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [{ provide: Clock, useValue: clock }],
  });
  client = new MatchClient(t.http);
  sql = t.app.get(SqlClient);
  cases = t.app.get(ReportCasesService);
});
afterAll(() => t.close());

let n = 0;
const register = (): Promise<Player> => client.register(`rep_${++n}`);
const bearer = (player: Player | string) => ({
  Authorization: `Bearer ${typeof player === 'string' ? player : player.token}`,
});

const report = (reporter: Player | null, body: Record<string, unknown>) => {
  const req = request(t.http).post('/api/reports');
  return (reporter === null ? req : req.set(bearer(reporter))).send(body);
};

interface Filed {
  id: string;
  status: string;
}

async function filed(reporter: Player, body: Record<string, unknown>): Promise<Filed> {
  const res = await report(reporter, body);
  if (res.status !== 202) throw new Error(`report: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Filed;
}

function refusedWith(res: request.Response, status: number, code: string): ProblemJson {
  expect({ status: res.status, code: (res.body as ProblemJson).code }).toEqual({ status, code });
  expectProblem(res);
  return res.body as ProblemJson;
}

const idOf = async (player: Player): Promise<string> =>
  (await sql.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username_key = $1`, [player.username]))[0]
    .id;

const countOf = async (table: 'reports' | 'report_filings', reporter: Player): Promise<number> =>
  (
    await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} WHERE reporter_id = $1::uuid`, [
      await idOf(reporter),
    ])
  )[0].count;

/** A match message written straight into the table (the messages' routes are another part's). */
async function messageBy(author: Player, matchId: string, text = 'rude words'): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `INSERT INTO match_messages (id, match_id, author_id, text, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [id, matchId, await idOf(author), text, clock.now()],
  );
  return id;
}

describe('filing a report', () => {
  it('answers 202 with an open case, stores the filing as sent (the text normalised), and names the case on a repeat', async () => {
    const ann = await register();
    const ben = await register();
    const first = await filed(ann, { username: ben.username, reason: 'abuse', text: '  Cafe\u0301 insults  ' });
    expect(first).toEqual({ id: expect.any(String) as unknown, status: 'open' });
    const [row] = await sql.query<Record<string, unknown>>(
      `SELECT status, open_slot, created_at, updated_at FROM reports WHERE id = $1::uuid`,
      [first.id],
    );
    expect(row).toEqual({ status: 'open', open_slot: true, created_at: clock.now(), updated_at: clock.now() });

    clock.advance(60_000);
    const again = await filed(ann, { username: ben.username.toUpperCase(), reason: 'offensive-username' });
    expect(again).toEqual(first);
    const filings = await sql.query<Record<string, unknown>>(
      `SELECT reason, match_id, message_id, text FROM report_filings WHERE report_id = $1::uuid ORDER BY created_at`,
      [first.id],
    );
    expect(filings).toEqual([
      { reason: 'abuse', match_id: null, message_id: null, text: 'Café insults' },
      { reason: 'offensive-username', match_id: null, message_id: null, text: null },
    ]);
    const [moved] = await sql.query<{ created_at: Date; updated_at: Date }>(
      `SELECT created_at, updated_at FROM reports WHERE id = $1::uuid`,
      [first.id],
    );
    expect(moved.updated_at.getTime() - moved.created_at.getTime()).toBe(60_000);

    // Another target, or another reporter, is another case.
    const cal = await register();
    expect((await filed(ann, { username: cal.username, reason: 'stalling' })).id).not.toBe(first.id);
    expect((await filed(cal, { username: ben.username, reason: 'other' })).id).not.toBe(first.id);
  });

  it('takes a match the target played and a message they wrote in it', async () => {
    const dan = await register();
    const eve = await register();
    const match = await client.create(dan, { variant: 'backgammon', length: 1, opponent: eve.username });
    await client.ok(eve, match.id, 'join');
    const message = await messageBy(eve, match.id);
    const { id } = await filed(dan, { username: eve.username, reason: 'abuse', matchId: match.id, messageId: message });
    const [filing] = await sql.query<Record<string, unknown>>(
      `SELECT match_id::text AS match_id, message_id::text AS message_id FROM report_filings WHERE report_id = $1::uuid`,
      [id],
    );
    expect(filing).toEqual({ match_id: match.id, message_id: message });
    // A message alone names its match by itself.
    await filed(dan, { username: eve.username, reason: 'abuse', messageId: message });
  });

  it('refuses what does not fit, each with its code, storing nothing', async () => {
    const fox = await register();
    const gil = await register();
    const hub = await register();
    const match = await client.create(fox, { variant: 'backgammon', length: 1, opponent: hub.username });
    await client.ok(hub, match.id, 'join');
    const other = await client.create(fox, { variant: 'backgammon', length: 1, opponent: gil.username });
    await client.ok(gil, other.id, 'join');
    const hubsMessage = await messageBy(hub, match.id);
    const foxsMessage = await messageBy(fox, match.id);
    const gilsMessage = await messageBy(gil, other.id);
    const base = { username: hub.username, reason: 'cheating' };

    refusedWith(await report(fox, { ...base, username: 'no_such_one' }), 404, 'user-not-found');
    refusedWith(await report(fox, { ...base, username: fox.username.toUpperCase() }), 400, 'cannot-report-self');
    refusedWith(await report(fox, { ...base, matchId: randomUUID() }), 404, 'match-not-found');
    expect(refusedWith(await report(fox, { ...base, matchId: other.id }), 400, 'not-their-match')).toMatchObject({
      field: 'matchId',
    });
    for (const messageId of [randomUUID(), foxsMessage, gilsMessage]) {
      expect(refusedWith(await report(fox, { ...base, messageId }), 400, 'not-their-message')).toMatchObject({
        field: 'messageId',
      });
    }
    // Their message, but not in the match named.
    const elsewhere = await client.create(hub, { variant: 'backgammon', length: 1, opponent: gil.username });
    await client.ok(gil, elsewhere.id, 'join');
    refusedWith(
      await report(fox, { ...base, matchId: elsewhere.id, messageId: hubsMessage }),
      400,
      'not-their-message',
    );

    const invalid: Array<Record<string, unknown>> = [
      { ...base, reason: 'spam' },
      { username: hub.username },
      { reason: 'abuse' },
      { ...base, matchId: 'not-a-uuid' },
      { ...base, messageId: 42 },
      { ...base, text: 'x'.repeat(2001) },
      { ...base, text: 'line one\nline two' },
      { ...base, text: '\u202Eevil' },
      { ...base, text: '   ' },
    ];
    for (const body of invalid) refusedWith(await report(fox, body), 400, 'validation-failed');
    await filed(fox, { ...base, text: 'y'.repeat(2000) }); // the longest text is taken

    refusedWith(await report(null, base), 401, 'unauthorized');
    const token = (
      (
        await request(t.http)
          .post('/api/users/me/api-tokens')
          .set(bearer(fox))
          .send({ name: 'bot', scopes: ['read', 'play', 'webhooks'] })
          .expect(201)
      ).body as { token: string }
    ).token;
    refusedWith(await report(null, base).set(bearer(token)), 403, 'insufficient-scope');
    expect(await countOf('report_filings', fox)).toBe(1);
  });
});

describe('one open case per reporter and target', () => {
  it('makes one case of filings sent at once, the first ones included', async () => {
    const ida = await register();
    const jon = await register();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => filed(ida, { username: jon.username, reason: i % 2 ? 'abuse' : 'other' })),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await countOf('reports', ida)).toBe(1);
    expect(await countOf('report_filings', ida)).toBe(6);
  });

  it('opens a new case once the open one is closed', async () => {
    const kit = await register();
    const liv = await register();
    const mod = await register();
    const first = await filed(kit, { username: liv.username, reason: 'abuse' });
    const closed = await cases.close(first.id, await idOf(mod), 'Warned.');
    expect(closed).toMatchObject({ id: first.id, status: 'closed', resolution: 'Warned.', closedBy: mod.username });
    const next = await filed(kit, { username: liv.username, reason: 'abuse' });
    expect(next.id).not.toBe(first.id);
    expect(await countOf('reports', kit)).toBe(2);
  });
});

describe('the cap of 20 filings a day', () => {
  it('refuses the 21st in 24 hours with 429 too-many-reports and Retry-After, storing nothing; the window moves on', async () => {
    const max = await register();
    const targets = [await register(), await register(), await register()];
    const start = clock.now().getTime();
    for (let i = 0; i < 20; i++) {
      await filed(max, { username: targets[i % 3].username, reason: 'other' });
      clock.advance(1000);
    }
    const refused = await report(max, { username: targets[0].username, reason: 'other' });
    expect(refusedWith(refused, 429, 'too-many-reports')).toMatchObject({ limit: 20 });
    // The first filing leaves the window 24 hours after it was made.
    expect(Number(refused.headers['retry-after'])).toBe((start + DAY - clock.now().getTime()) / 1000);
    expect(await countOf('report_filings', max)).toBe(20);
    clock.set(new Date(start + DAY + 1));
    await filed(max, { username: targets[0].username, reason: 'other' });
    refusedWith(await report(max, { username: targets[0].username, reason: 'other' }), 429, 'too-many-reports');
  });

  it('counts filings sent at once against each other: with 19, one of two is taken', async () => {
    const ned = await register();
    const [a, b] = [await register(), await register()];
    for (let i = 0; i < 19; i++) await filed(ned, { username: a.username, reason: 'other' });
    const answers = await Promise.all([
      report(ned, { username: a.username, reason: 'abuse' }),
      report(ned, { username: b.username, reason: 'abuse' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([202, 429]);
    expect(await countOf('report_filings', ned)).toBe(20);
  });
});

describe('the target', () => {
  it('is told nothing: their account, profile, lists and notifications read as before, naming no reporter', async () => {
    const oli = await register();
    const pia = await register();
    const match = await client.create(oli, { variant: 'backgammon', length: 1, opponent: pia.username });
    await client.ok(pia, match.id, 'join');
    const views = async (): Promise<unknown[]> =>
      Promise.all([
        client.get('/api/users/me', pia),
        client.get(`/api/users/${pia.username}`),
        client.get('/api/users/me/matches', pia),
        client.get(`/api/matches/${match.id}`, pia),
      ]);
    const before = await views();
    const filing = await filed(oli, {
      username: pia.username,
      reason: 'stalling',
      matchId: match.id,
      text: 'Sits on every turn.',
    });
    const after = await views();
    expect(after).toEqual(before);
    for (const view of after) expect(JSON.stringify(view)).not.toMatch(new RegExp(`Sits on every turn|${filing.id}`));
    for (const view of after.slice(0, 2)) expect(JSON.stringify(view)).not.toContain(oli.username);
    // Nothing is published for anyone to be told (no notification, no webhook).
    const told = await sql.query(`SELECT 1 FROM outbox WHERE payload::text LIKE '%' || $1 || '%'`, [filing.id]);
    expect(told).toEqual([]);
  });
});

describe('the cases, as the moderators and the export read them (ReportCasesService)', () => {
  it('pages the queue by status, reads a case and a target’s cases, closes once, and lists a reporter’s filings', async () => {
    const quin = await register();
    const rex = await register();
    const sam = await register();
    const mod = await register();
    clock.advance(DAY * 3); // clear of the other tests' filings
    const a = await filed(quin, { username: rex.username, reason: 'cheating', text: 'Perfect play.' });
    clock.advance(1000);
    const b = await filed(sam, { username: rex.username, reason: 'abuse' });
    clock.advance(1000);
    await filed(quin, { username: rex.username, reason: 'stalling' }); // joins a: a is now the latest

    const about = await cases.casesAbout(await idOf(rex));
    expect(about.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(about[0]).toMatchObject({
      status: 'open',
      target: rex.username,
      reporter: quin.username,
      closedAt: null,
      resolution: null,
      filings: [
        { reporter: quin.username, reason: 'cheating', text: 'Perfect play.', matchId: null, messageId: null },
        { reporter: quin.username, reason: 'stalling', text: null },
      ],
    });

    // The open queue, newest activity first, a page of one at a time, reaches both.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await cases.cases({ status: 'open', cursor, limit: 1 });
      seen.push(...page.items.map((c) => c.id));
      cursor = page.next;
    } while (cursor !== null && seen.length < 100);
    expect(seen.indexOf(a.id)).toBeLessThan(seen.indexOf(b.id));
    expect(seen.indexOf(b.id)).toBeGreaterThanOrEqual(0);

    const closed = await cases.close(b.id, await idOf(mod), 'Nothing found.');
    expect(closed).toMatchObject({ status: 'closed', closedBy: mod.username, resolution: 'Nothing found.' });
    expect(closed.closedAt).toEqual(clock.now());
    await expect(cases.close(b.id, await idOf(mod), 'Again.')).rejects.toBeInstanceOf(ReportClosedError);
    await expect(cases.close(randomUUID(), await idOf(mod), 'x')).rejects.toBeInstanceOf(ReportNotFoundError);
    await expect(cases.case('not-a-uuid')).rejects.toBeInstanceOf(ReportNotFoundError);
    expect((await cases.case(b.id)).status).toBe('closed');
    const closedQueue = await cases.cases({ status: 'closed', limit: 100 });
    expect(closedQueue.items.map((c) => c.id)).toContain(b.id);
    expect((await cases.cases({ status: 'open', limit: 100 })).items.map((c) => c.id)).not.toContain(b.id);

    const own = await cases.filingsBy(await idOf(quin));
    expect(own.map((f) => [f.reportId, f.target, f.reason])).toEqual([
      [a.id, rex.username, 'stalling'],
      [a.id, rex.username, 'cheating'],
    ]);
  });
});
