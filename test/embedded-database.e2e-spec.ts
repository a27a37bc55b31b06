import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { UserProfileDto } from '../src/users/dto/user-profile.dto.js';
import { startTestApp } from './support/test-app.js';

// The embedded database starts in 2-4 s of CPU per fresh data folder, and each test starts one or two:
// under CI's load that passes the default 60 s, though nothing is wrong.
jest.setTimeout(180_000);

describe('embedded default database (PGlite, no DATABASE_URL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nardy-embedded-'));
  const embedded = { env: { DATABASE_URL: undefined, DATA_DIR: dataDir }, dataDir, drop: () => Promise.resolve() };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a registered user across a restart of the app', async () => {
    const first = await startTestApp({}, embedded);
    try {
      expect(first.prisma.databaseKind).toBe('pglite');
      await request(first.http)
        .post('/api/users')
        .send({ username: 'persistent', password: 'quartz-lantern-3' })
        .expect(201);
    } finally {
      await first.close();
    }
    const second = await startTestApp({}, embedded);
    try {
      const res = await request(second.http).get('/api/users/persistent').expect(200);
      expect((res.body as UserProfileDto).username).toBe('persistent');
      await request(second.http)
        .post('/api/auth/token')
        .send({ username: 'persistent', password: 'quartz-lantern-3' })
        .expect(200);
    } finally {
      await second.close();
    }
  });
});
