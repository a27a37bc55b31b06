import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBenchDatabase, type BenchDatabase } from './bench-database.js';
import { productionServerEnv, startServer, type ServerProcess } from './server-process.js';

export interface BenchServerOptions {
  /** The bench's name, for its messages (`bench:api`). */
  readonly name: string;
  /** The built server (dist/main.js). */
  readonly main: string;
  /** The PostgreSQL server the bench's database is created on. */
  readonly adminUrl: string;
  /** The whole bench's time limit: past it, the server is killed, the database dropped and the process ends (2). */
  readonly budgetMs: number;
  readonly cpuProfileDir?: string;
}

/**
 * Runs `bench` against one production server of the built service on a fresh database of its own,
 * with its log in a temporary folder; then stops the server and drops the database, whatever
 * happened. Returns what `bench` returns (the exit code).
 */
export async function withBenchServer(
  options: BenchServerOptions,
  bench: (server: ServerProcess) => Promise<number>,
): Promise<number> {
  if (!existsSync(options.main)) throw new Error(`${options.main} is missing: run \`npm run build\``);
  const work = mkdtempSync(join(tmpdir(), `nardy-${options.name.replace(':', '-')}-`));
  let database: BenchDatabase | undefined;
  let server: ServerProcess | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`${options.name}: gave up after ${options.budgetMs / 1000} s\n`);
    server?.kill();
    void database?.drop().finally(() => process.exit(2));
  }, options.budgetMs);
  try {
    database = await createBenchDatabase(options.adminUrl);
    server = await startServer({
      main: options.main,
      env: productionServerEnv(database.url, work, randomBytes(48).toString('base64url')),
      logFile: join(work, 'server.log'),
      cpuProfileDir: options.cpuProfileDir,
      startTimeoutMs: 60_000,
    });
    return await bench(server);
  } finally {
    clearTimeout(watchdog);
    await server?.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
