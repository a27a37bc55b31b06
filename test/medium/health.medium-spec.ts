import { ServiceUnavailableException } from '@nestjs/common';
import { connectPostgres } from '../../src/database/pg-connection.js';
import { HealthModule } from '../../src/health/health.module.js';
import { HealthRepository } from '../../src/health/health.repository.js';
import { DATABASE_DOWN, HealthService } from '../../src/health/health.service.js';
import { describeOnPostgres, testDatabaseMode } from '../support/database-mode.js';
import { useMediumApp } from './medium-app.js';

const m = useMediumApp([HealthModule]);

describe('HealthRepository.ping', () => {
  it('resolves while the database answers', async () => {
    await expect(m.get(HealthRepository).ping()).resolves.toBeUndefined();
    await expect(m.get(HealthService).readiness()).resolves.toMatchObject({ status: 'ok' });
  });
});

describeOnPostgres('readiness without the database', () => {
  it('the ping rejects, and readiness fails with the plain reason, logging the driver’s error', async () => {
    const database = new URL(m.db.url ?? '').pathname.slice(1);
    const admin = await connectPostgres(testDatabaseMode().adminUrl);
    try {
      await admin.exec(`DROP DATABASE "${database}" WITH (FORCE)`);
    } finally {
      await admin.close();
    }
    await expect(m.get(HealthRepository).ping()).rejects.toThrow(database);
    const failure = await m
      .get(HealthService)
      .readiness()
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ServiceUnavailableException);
    expect((failure as ServiceUnavailableException).getResponse()).toMatchObject({
      status: 'error',
      error: { database: { status: 'down', message: DATABASE_DOWN } },
    });
    expect(m.logs.at('error')).toEqual([expect.stringContaining(database)]);
  });
});
