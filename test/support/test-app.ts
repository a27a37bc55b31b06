import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import { AppModule } from '../../src/app.module.js';
import { setUpApp } from '../../src/app-setup.js';
import { validateEnvironment } from '../../src/config/environment.js';
import { createHttpAdapter } from '../../src/http-adapter.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { checkAnswersAgainstContract } from './contract-check.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { TEST_BOT_LOOKAHEAD, TEST_PASSWORD_HASHING } from './test-settings.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly http: Server;
  readonly db: TestDatabase;
  readonly prisma: PrismaService;
  close(): Promise<void>;
}

/** A provider of the app replaced by a value, by its injection token (e.g. `{ provide: Clock, useValue: clock }`). */
export interface ProviderOverride {
  // Nest's own type for an injection token (a class, abstract ones included, a string or a symbol).
  readonly provide: Parameters<ReturnType<typeof Test.createTestingModule>['overrideProvider']>[0];
  readonly useValue: unknown;
}

export interface TestAppOptions {
  /** Test seams (Clock, DiceRoller, ...) replaced in the whole app. */
  readonly overrides?: readonly ProviderOverride[];
}

/**
 * The real app on a database of this test file's own, configured as in production but quiet.
 * With `overrides`, the app is built through Nest's testing module so that those providers
 * are replaced; it is set up exactly as main.ts sets up the real one. Every answer it sends is
 * checked against openapi.json (contract-check.ts; a departure fails the test file).
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  db?: TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  const settings = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    // Tests register many users from one address; test/throttling.e2e-spec.ts tests the limit.
    REGISTER_THROTTLE_LIMIT: '1000',
    ...TEST_PASSWORD_HASHING,
    ...TEST_BOT_LOOKAHEAD,
    ...database.env,
    ...env,
  };
  const module = AppModule.forRoot(settings);
  // The HTTP layer main.ts creates, on the environment the app validates.
  const adapter = createHttpAdapter(validateEnvironment({ ...process.env, ...settings }));
  const appOptions = { bodyParser: false, logger: false } as const;
  const overrides = options.overrides ?? [];
  let created: NestFastifyApplication;
  if (overrides.length === 0) {
    created = await NestFactory.create<NestFastifyApplication>(module, adapter, appOptions);
  } else {
    let builder = Test.createTestingModule({ imports: [module] });
    for (const override of overrides) builder = builder.overrideProvider(override.provide).useValue(override.useValue);
    const moduleRef = await builder.compile();
    created = moduleRef.createNestApplication<NestFastifyApplication>(adapter, appOptions);
  }
  checkAnswersAgainstContract(created.getHttpAdapter().getInstance());
  const app = setUpApp(created);
  await app.init();
  // Fastify loads its plugins (CORS, Swagger UI's files) when it gets ready; supertest talks to the server directly.
  await app.getHttpAdapter().getInstance().ready();
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
