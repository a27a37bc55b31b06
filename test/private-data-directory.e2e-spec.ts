import { jest } from '@jest/globals';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { makePrivateDirectory } from '../src/config/private-files.js';
import { startTestApp } from './support/test-app.js';
import type { TestDatabase } from './support/test-database.js';

/**
 * DATA_DIR holds the embedded database (its WAL has the password hashes) and
 * the generated JWT secret: nobody but the service's user may read, write or
 * list any of it, whatever the umask, and even when an older version or a
 * careless copy left it open.
 */
const root = mkdtempSync(join(tmpdir(), 'nardy-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) whose mode grants anything to group or others, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string): void => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path.slice(root.length)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dir);
  return found;
}

/** Every path under `dir`, so that a test can tell it walked something. */
function countEntries(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

/** The app on the embedded database in `dataDir`, with no JWT_SECRET: the secret is generated into DATA_DIR. */
function embeddedApp(dataDir: string) {
  const embedded: TestDatabase = {
    env: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    dataDir,
    drop: () => Promise.resolve(),
  };
  return startTestApp({ JWT_SECRET: undefined }, embedded);
}

// The embedded database starts in 2-4 s of CPU per fresh data folder, and each test starts one or two:
// under CI's load that passes the default 60 s, though nothing is wrong.
jest.setTimeout(180_000);

describe('the data directory of the embedded database', () => {
  const dataDir = join(root, 'data');

  it('is created private: after start-up and a registration, nothing in DATA_DIR is open to group or others', async () => {
    const app = await embeddedApp(dataDir);
    try {
      await request(app.http)
        .post('/api/users')
        .send({ username: 'private', password: 'quartz-lantern-6' })
        .expect(201);
    } finally {
      await app.close();
    }
    expect(countEntries(dataDir)).toBeGreaterThan(100);
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'pglite']);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is made private again at start when it was left open (directories 777, files 666)', async () => {
    const loosen = (path: string): void => {
      const isDirectory = lstatSync(path).isDirectory();
      chmodSync(path, isDirectory ? 0o777 : 0o666);
      if (isDirectory) for (const entry of readdirSync(path)) loosen(join(path, entry));
    };
    loosen(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    const app = await embeddedApp(dataDir);
    try {
      await request(app.http).get('/api/users/private').expect(200);
      expect(openToOthers(dataDir)).toEqual([]);
      await request(app.http)
        .post('/api/users')
        .send({ username: 'private2', password: 'quartz-lantern-6' })
        .expect(201);
    } finally {
      await app.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is refused, not locked, when it is a shared directory such as /tmp (sticky bit)', () => {
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    expect(() => makePrivateDirectory(shared)).toThrow(/shared directory/);
    expect(lstatSync(shared).mode & 0o7777).toBe(0o1777);
  });
});
