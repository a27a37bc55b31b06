import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { AppModule } from '../../src/app.module.js';
import { setUpApp } from '../../src/app-setup.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly http: Server;
  readonly db: TestDatabase;
  readonly prisma: PrismaService;
  close(): Promise<void>;
}

/** The real app on a database of this test file's own, configured as in production but quiet. */
export async function startTestApp(env: Record<string, string | undefined> = {}, db?: TestDatabase): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  const app = setUpApp(
    await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JWT_SECRET: TEST_JWT_SECRET,
        // Tests register many users from one address; test/throttling.e2e-spec.ts tests the limit.
        REGISTER_THROTTLE_LIMIT: '1000',
        ...database.env,
        ...env,
      }),
      { bodyParser: false, logger: false },
    ),
  );
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    db: database,
    prisma: app.get(PrismaService),
    close: async () => {
      await app.close();
      if (!db) await database.drop();
    },
  };
}
