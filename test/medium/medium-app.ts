import 'reflect-metadata';
import { inspect } from 'node:util';
import type { LoggerService, LogLevel, ModuleMetadata, Provider } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test, type TestingModule } from '@nestjs/testing';
import { ClockModule } from '../../src/common/clock.module.js';
import { validateEnvironment } from '../../src/config/environment.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { TEST_PASSWORD_HASHING } from '../support/test-settings.js';
import { TestDriver } from './driver.js';

/** A class, as Nest names a provider. */
type Class<T> = abstract new (...args: never[]) => T;

/** The modules under test on the real DatabaseModule, on a database of this test file's own. */
export interface MediumApp {
  readonly module: TestingModule;
  readonly db: TestDatabase;
  readonly driver: TestDriver;
  /** What the modules logged (nothing is printed). */
  readonly logs: RecordingLogger;
  /** A provider of any of the modules, by class. */
  get<T>(type: Class<T>): T;
  close(): Promise<void>;
}

/** What a medium app is made of besides its feature modules. */
export interface MediumAppOptions {
  /** Providers of the testing module itself: repositories tested without their feature module. */
  readonly providers?: Provider[];
  /** Settings over the test defaults. */
  readonly env?: Record<string, string | undefined>;
}

/**
 * A Nest testing module of the given feature modules with configuration and the
 * real database (cloned from the migrated template), and no HTTP: the medium tier
 * between the engine's unit tests and the e2e tests.
 */
async function startMediumApp(
  imports: NonNullable<ModuleMetadata['imports']>,
  { providers = [], env = {} }: MediumAppOptions = {},
): Promise<MediumApp> {
  const db = await createTestDatabase();
  const logs = new RecordingLogger();
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        isGlobal: true,
        ignoreEnvFile: true,
        validate: (raw) =>
          validateEnvironment({
            ...raw,
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            ...TEST_PASSWORD_HASHING,
            ...db.env,
            ...env,
          }),
      }),
      DatabaseModule,
      ClockModule,
      ...imports,
    ],
    providers,
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

/** The medium app of a test file, held from the file's top level and used inside its tests. */
export interface FileMediumApp extends Omit<MediumApp, 'close'> {
  /**
   * A stand-in for the provider of `type`, to hold in a top-level constant: each
   * property read goes to the provider of the running app (methods bound to it).
   * It cannot be written to, so spy on `get(type)` instead.
   */
  provider<T extends object>(type: Class<T>): T;
}

/**
 * Starts a medium app (startMediumApp) before the tests of this file and closes
 * it after them; what it returns may be used once the app has started.
 */
export function useMediumApp(
  imports: NonNullable<ModuleMetadata['imports']>,
  options: MediumAppOptions = {},
): FileMediumApp {
  let app: MediumApp | undefined;
  beforeAll(async () => {
    app = await startMediumApp(imports, options);
  });
  afterAll(() => app?.close());
  const started = (): MediumApp => {
    if (!app) throw new Error('The medium app is used before it started (in a beforeAll of useMediumApp)');
    return app;
  };
  return standIn<FileMediumApp>(started, {
    provider: <T extends object>(type: Class<T>) => standIn<T>(() => started().get(type)),
  });
}

/**
 * An object that stands for `resolve()`, which may not exist yet: each property
 * read other than those of `own` goes to what `resolve` returns then (methods
 * bound to it). Writes are refused: they would land on the stand-in, not on the
 * object it stands for (a spy set on it would never be called).
 */
function standIn<T extends object>(resolve: () => object, own: Partial<T> = {}): T {
  return new Proxy<T>(own as T, {
    get(held, key) {
      if (Object.hasOwn(held, key)) return Reflect.get(held, key) as unknown;
      const target = resolve();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: refuseWrite,
    defineProperty: refuseWrite,
    deleteProperty: refuseWrite,
  });
}

function refuseWrite(_: object, key: string | symbol): never {
  throw new TypeError(`A stand-in is read-only (${String(key)}): write to the object it stands for`);
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
