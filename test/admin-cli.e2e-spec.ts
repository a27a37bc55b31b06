import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describeOnPostgres } from './support/database-mode.js';
import { MatchClient, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * `npm run admin -- grant <username> moderator|admin` and `… revoke <username>` (docs/moderation.md,
 * "Roles"), the built command against a real database: PostgreSQL by DATABASE_URL, beside a running
 * server whose next request sees the role, and the embedded database under DATA_DIR.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_CLI = join(root, 'dist/moderation/admin.cli.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function admin(args: readonly string[], env: Record<string, string | undefined>): Promise<Run> {
  const merged: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return new Promise((resolve) => {
    execFile(process.execPath, [ADMIN_CLI, ...args], { env: merged, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stdout, stderr }),
    );
  });
}

// The embedded database first: a server started on PostgreSQL leaves its settings in process.env.
describe('on the embedded database (DATA_DIR)', () => {
  it('migrates it, grants and revokes, and the server started on it sees the role', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nardy-admin-'));
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    const db = { env, dataDir, drop: () => Promise.resolve() };
    try {
      // A fresh directory: the command migrates it, and finds nobody.
      expect(await admin(['grant', 'erin', 'admin'], env)).toMatchObject({ code: 1 });

      let t = await startTestApp({ ...env, LOG_LEVEL: 'error' }, db);
      let client = new MatchClient(t.http);
      await client.register('erin');
      await t.app.close();

      const granted = await admin(['grant', 'erin', 'admin'], env);
      expect(granted).toMatchObject({ code: 0, stderr: '' });

      t = await startTestApp({ ...env, LOG_LEVEL: 'error' }, db);
      client = new MatchClient(t.http);
      const erin = await client.login('erin');
      const me = (await request(t.http).get('/api/users/me').set('Authorization', `Bearer ${erin.token}`).expect(200))
        .body as { role: string };
      expect(me.role).toBe('admin');
      await t.app.close();

      expect(await admin(['revoke', 'erin'], env)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/erin: admin -> player/) as unknown,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describeOnPostgres('on PostgreSQL (DATABASE_URL), beside a running server', () => {
  let t: TestApp;
  let client: MatchClient;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
    client = new MatchClient(t.http);
    env = { DATABASE_URL: t.db.url };
  });
  afterAll(() => t.close());

  const log = (player: Player) =>
    request(t.http).get('/api/moderation/log').set('Authorization', `Bearer ${player.token}`);
  const staff = (player: Player) =>
    request(t.http).get('/api/moderation/moderators').set('Authorization', `Bearer ${player.token}`);

  it('grants moderator and admin, revokes, each in force at the next request, each logged as the operator’s', async () => {
    const carol = await client.register('carol');
    await log(carol).expect(403);

    const granted = await admin(['grant', 'CAROL', 'moderator'], env);
    expect(granted).toMatchObject({ code: 0, stdout: expect.stringMatching(/^carol: player -> moderator/) as unknown });
    await log(carol).expect(200);
    await staff(carol).expect(403);

    expect(await admin(['grant', 'carol', 'admin'], env)).toMatchObject({ code: 0 });
    await staff(carol).expect(200);
    expect(await admin(['grant', 'carol', 'admin'], env)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/already/) as unknown,
    });

    expect(await admin(['revoke', 'carol'], env)).toMatchObject({ code: 0 });
    await log(carol).expect(403);

    const dave = await client.register('dave');
    await admin(['grant', 'dave', 'admin'], env);
    const entries = (
      (await log(dave).query({ username: 'carol' }).expect(200)).body as {
        items: { action: string; moderator: string | null; details: unknown }[];
      }
    ).items;
    expect(entries.map((e) => [e.action, e.moderator, e.details])).toEqual([
      ['revoke', null, { from: 'admin', to: 'player' }],
      ['grant', null, { from: 'moderator', to: 'admin' }],
      ['grant', null, { from: 'player', to: 'moderator' }],
    ]);
  });

  it('refuses a wrong command (exit 2, usage) and an unknown or house bot account (exit 1), changing nothing', async () => {
    for (const args of [
      [],
      ['grant', 'carol'],
      ['grant', 'carol', 'player'],
      ['revoke', 'carol', 'admin'],
      ['promote', 'carol'],
    ]) {
      const run = await admin(args, env);
      expect(run).toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage: npm run admin/) as unknown });
    }
    expect(await admin(['grant', 'nobody_here', 'moderator'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no user "nobody_here"/) as unknown,
    });
    expect(await admin(['grant', 'gnubg', 'admin'], env)).toMatchObject({ code: 1 });
    const [row] = await t.prisma.$queryRawUnsafe<{ role: string }[]>(`SELECT role FROM users WHERE username = 'gnubg'`);
    expect(row.role).toBe('player');
  });
});
