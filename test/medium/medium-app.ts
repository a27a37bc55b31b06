import 'reflect-metadata';
import { inspect } from 'node:util';
import type { LoggerService, LogLevel, ModuleMetadata } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test, type TestingModule } from '@nestjs/testing';
import { ClockModule } from '../../src/common/clock.module.js';
import { validateEnvironment } from '../../src/config/environment.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { TestDriver } from './driver.js';

/** The modules under test on the real DatabaseModule, on a database of this test file's own. */
export interface MediumApp {
  readonly module: TestingModule;
  readonly db: TestDatabase;
  readonly driver: TestDriver;
  /** What the modules logged (nothing is printed). */
  readonly logs: RecordingLogger;
  /** A provider of any of the modules, by class. */
  get<T>(type: abstract new (...args: never[]) => T): T;
  close(): Promise<void>;
}

/**
 * A Nest testing module of the given feature modules with configuration and the
 * real database (cloned from the migrated template), and no HTTP: the medium tier
 * between the engine's unit tests and the e2e tests. `env` overrides settings.
 */
export async function startMediumApp(
  imports: NonNullable<ModuleMetadata['imports']>,
  env: Record<string, string | undefined> = {},
): Promise<MediumApp> {
  const db = await createTestDatabase();
  const logs = new RecordingLogger();
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        isGlobal: true,
        ignoreEnvFile: true,
        validate: (raw) => validateEnvironment({ ...raw, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...db.env, ...env }),
      }),
      DatabaseModule,
      ClockModule,
      ...imports,
    ],
  })
    .setLogger(logs)
    .compile();
  await module.init();
  return {
    module,
    db,
    driver: new TestDriver(module),
    logs,
    get: (type) => module.get(type, { strict: false }),
    close: async () => {
      await module.close();
      await db.drop();
    },
  };
}

/** Keeps every log entry as text instead of printing it. */
export class RecordingLogger implements LoggerService {
  readonly entries: Array<{ readonly level: LogLevel; readonly text: string }> = [];

  log(...parts: unknown[]): void {
    this.record('log', parts);
  }
  error(...parts: unknown[]): void {
    this.record('error', parts);
  }
  warn(...parts: unknown[]): void {
    this.record('warn', parts);
  }
  debug(...parts: unknown[]): void {
    this.record('debug', parts);
  }
  verbose(...parts: unknown[]): void {
    this.record('verbose', parts);
  }
  fatal(...parts: unknown[]): void {
    this.record('fatal', parts);
  }

  /** The text of the entries at a level. */
  at(level: LogLevel): string[] {
    return this.entries.filter((e) => e.level === level).map((e) => e.text);
  }

  private record(level: LogLevel, parts: unknown[]): void {
    const text = parts.map((p) => (typeof p === 'string' ? p : inspect(p, { depth: 6 }))).join(' ');
    this.entries.push({ level, text });
  }
}
