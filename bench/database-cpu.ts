import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * A Linux process from /proc/<pid>/stat: its utime + stime in ms (USER_HZ = 100), and its start
 * (clock ticks after boot; with the pid, names one process even if the pid is used again); undefined
 * when it is gone or unreadable.
 */
function processOf(pid: number): { cpuMs: number; key: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is field 14, stime 15, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, key: `${pid}:${fields[19]}` };
  } catch {
    return undefined;
  }
}

/**
 * The CPU time (user + system, ms) that the PostgreSQL backends serving one database have used,
 * read from /proc for the backends pg_stat_activity lists: the database's part of a step, which the
 * server process's CPU does not show. Only where PostgreSQL runs on this machine (`open` answers
 * null elsewhere). The backends are looked for every `everyMs` in the background; a backend that
 * ends between two looks loses what it used since the last, so the figure is a lower bound (the
 * service's pools keep their connections while busy).
 */
export class DatabaseCpu {
  /** The last CPU time read of each backend seen, by pid and start (an ended backend keeps its last), and whether it serves clients. */
  private readonly seen = new Map<string, { ms: number; client: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> = Promise.resolve();

  private constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
  ) {}

  /** Watches the backends of `database`; null where their /proc is not readable (PostgreSQL elsewhere). */
  static async open(adminUrl: string, database: string, everyMs = 100): Promise<DatabaseCpu | null> {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const own = await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    if (processOf(own.rows[0].pid) === undefined) {
      await admin.end();
      return null;
    }
    const watcher = new DatabaseCpu(admin, database);
    await watcher.look();
    watcher.timer = setInterval(() => {
      watcher.looking = watcher.looking.then(() => watcher.look()).catch(() => undefined);
    }, everyMs);
    watcher.timer.unref();
    return watcher;
  }

  /**
   * The CPU ms used so far by the backends seen, read now (new backends too): those serving the
   * service's connections, and the others (autovacuum's workers).
   */
  async ms(): Promise<{ clients: number; others: number }> {
    this.looking = this.looking.then(() => this.look()).catch(() => undefined);
    await this.looking;
    const total = { clients: 0, others: 0 };
    for (const { ms, client } of this.seen.values()) total[client ? 'clients' : 'others'] += ms;
    return total;
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    await this.looking;
    await this.admin.end();
  }

  private async look(): Promise<void> {
    const { rows } = await this.admin.query<{ pid: number; backend_type: string }>(
      'SELECT pid, backend_type FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.database],
    );
    for (const { pid, backend_type } of rows) {
      const backend = processOf(pid);
      if (backend !== undefined) {
        this.seen.set(backend.key, { ms: backend.cpuMs, client: backend_type === 'client backend' });
      }
    }
  }
}

/** The name of the benchmark database (nardy_bench_…) whose users hold `username`; null when none does. */
export async function databaseOfUser(adminUrl: string, username: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'nardy\\_bench\\_%'",
    );
    for (const { datname } of rows) {
      const url = new URL(adminUrl);
      url.pathname = `/${datname}`;
      const client = new pg.Client({ connectionString: url.toString() });
      try {
        await client.connect();
        const found = await client.query('SELECT 1 FROM users WHERE username = $1', [username]);
        if (found.rows.length > 0) return datname;
      } catch {
        // being created, migrated or dropped by another bench: not ours
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    return null;
  } finally {
    await admin.end();
  }
}
