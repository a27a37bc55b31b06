import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** What PostgreSQL itself does on this machine: pgbench's TPC-B-like transactions per second. */
export type PgbenchFigures =
  | {
      readonly available: true;
      readonly tps: number;
      readonly scale: number;
      readonly clients: number;
      readonly threads: number;
      readonly seconds: number;
    }
  | { readonly available: false; readonly reason: string };

export interface PgbenchOptions {
  readonly scale: number;
  readonly clients: number;
  readonly threads: number;
  readonly seconds: number;
}

async function withAdmin<T>(adminUrl: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

async function pgbenchOnPath(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * `pgbench -i -s <scale>` into a scratch database of its own on the server of
 * `adminUrl`, then `pgbench -c <clients> -j <threads> -T <seconds>`; the
 * database is dropped afterwards. Says so, instead of failing, when pgbench is
 * not installed (Debian: postgresql-client or postgresql-contrib).
 */
export async function measurePgbench(adminUrl: string, options: PgbenchOptions): Promise<PgbenchFigures> {
  if (!(await pgbenchOnPath())) {
    return { available: false, reason: 'pgbench is not on PATH (Debian: apt-get install postgresql-client)' };
  }
  const name = `nardy_pgbench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const target = url.toString();
    await run('pgbench', ['-i', '-q', '-s', String(options.scale), target], { maxBuffer: 16 << 20 });
    const { stdout } = await run(
      'pgbench',
      ['-c', String(options.clients), '-j', String(options.threads), '-T', String(options.seconds), target],
      { maxBuffer: 16 << 20 },
    );
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (tps === null) return { available: false, reason: `no "tps = " in pgbench's output: ${stdout.slice(-400)}` };
    return { available: true, tps: Math.round(Number(tps[1])), ...options };
  } finally {
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}
