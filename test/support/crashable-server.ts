import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { JsonClient } from '../../bench/http-client.js';
import { startServer, type ServerProcess } from '../../bench/server-process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const START_DEADLINE_MS = 90_000;

/**
 * The built server on a database and data directory of its own, started again and again on them:
 * armed with the test-only fault FAULT_KILL_AFTER_COMMIT (`on`), it kills itself (SIGKILL) right
 * after a request with an Idempotency-Key commits; `off`, it runs normally. The crash tests start it
 * armed, make the request, and start it again to see what the crash left.
 */
export class CrashableServer {
  private server: ServerProcess | undefined;
  /** Requests to the server running now, on connections of its own (none kept from the one killed). */
  http!: JsonClient;

  private constructor(
    private readonly db: TestDatabase,
    private readonly work: string,
    private readonly env: Readonly<Record<string, string>>,
  ) {}

  /** A fresh database and data directory (`name` marks the directory); the build's server is needed. */
  static async prepare(name: string, env: Readonly<Record<string, string>>): Promise<CrashableServer> {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build`);
    const work = mkdtempSync(join(tmpdir(), `nardy-${name}-`));
    return new CrashableServer(await createTestDatabase(), work, env);
  }

  async start(fault: 'on' | 'off'): Promise<void> {
    this.server = await startServer({
      main: MAIN,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        FAULT_KILL_AFTER_COMMIT: fault,
        DATABASE_URL: this.db.url,
        DATA_DIR: this.work,
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      logFile: join(this.work, `server-${fault}.log`),
      startTimeoutMs: START_DEADLINE_MS,
    });
    this.http?.close();
    this.http = new JsonClient(this.server.base);
  }

  /** The database it runs on (another node may share it). */
  get database(): TestDatabase {
    return this.db;
  }

  /** Kills it with SIGKILL, as a crash would, and waits for it to end. */
  async kill(): Promise<void> {
    this.server?.kill();
    await this.server?.stop();
  }

  /** Waits for the server to end (after its crash, or stopping it). */
  async stop(): Promise<void> {
    await this.server?.stop();
  }

  /** The first column of the first row `sql` answers, as a number, read on a connection of its own. */
  async count(sql: string, params: unknown[] = []): Promise<number> {
    const client = new pg.Client({ connectionString: this.db.url });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(sql, params)).rows[0].n;
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    this.http?.close();
    this.server?.kill();
    await this.server?.stop();
    await this.db.drop();
    rmSync(this.work, { recursive: true, force: true });
  }
}
