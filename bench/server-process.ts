import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

/** The built server (dist/main.js) as a child process, its log lines going to a file. */
export interface ServerProcess {
  readonly port: number;
  readonly base: string;
  /** Bytes the server has logged so far. */
  logBytes(): number;
  /** CPU time (user + system, ms) the server process has used so far; undefined where /proc is missing. */
  cpuMs(): number | undefined;
  /** The end of the log, for error messages. */
  logTail(chars?: number): string;
  /** Stops it (with `cpuProfileDir`: exits cleanly so that Node writes the profile) and waits for the exit. */
  stop(): Promise<void>;
  kill(): void;
}

export interface ServerOptions {
  readonly main: string;
  readonly env: Record<string, string | undefined>;
  readonly logFile: string;
  /** When set, the server runs with `--cpu-prof` and writes its .cpuprofile here on stop. */
  readonly cpuProfileDir?: string;
  readonly startTimeoutMs: number;
}

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** utime + stime of a Linux process from /proc/<pid>/stat, in ms (clock ticks of 10 ms, USER_HZ = 100). */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

// Nest's shutdown hooks end the process by re-raising SIGTERM, and a process killed by a signal
// writes no CPU profile: when profiling, SIGUSR2 makes it exit normally instead.
const EXIT_ON_SIGUSR2 = "--import=data:text/javascript,process.once('SIGUSR2',()=>process.exit(0))";

/** A file of the project root: the nearest folder above this module with a package.json (from bench/ or dist/bench/bench/). */
function projectFile(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, name);
    if (dirname(dir) === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

/**
 * The Node flags `npm start` runs the server with (package.json's `start`:
 * `node [flags] dist/main.js`), so that a benched server runs as a deployed one.
 */
export function startFlags(packageJson = readFileSync(projectFile('package.json'), 'utf8')): string[] {
  const start = (JSON.parse(packageJson) as { scripts?: { start?: string } }).scripts?.start ?? '';
  const words = start.trim().split(/\s+/);
  if (words[0] !== 'node' || words[words.length - 1] !== 'dist/main.js') {
    throw new Error(`package.json's start script is not \`node [flags] dist/main.js\`: ${start}`);
  }
  return words.slice(1, -1);
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = openSync(options.logFile, 'a');
  const args = [
    ...startFlags(),
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`, EXIT_ON_SIGUSR2] : []),
    options.main,
  ];
  let proc: ChildProcess;
  try {
    proc = spawn(process.execPath, args, {
      env: { ...options.env, PORT: String(port) },
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
  let exitCode: number | string | null | undefined;
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );
  const logTail = (chars = 4000) => {
    const text = readFileSync(options.logFile, 'utf8');
    return text.slice(Math.max(0, text.length - chars));
  };
  const server: ServerProcess = {
    port,
    base,
    logBytes: () => statSync(options.logFile).size,
    cpuMs: () => (proc.pid === undefined ? undefined : processCpuMs(proc.pid)),
    logTail,
    kill: () => {
      if (exitCode === undefined) proc.kill('SIGKILL');
    },
    stop: async () => {
      if (exitCode !== undefined) return;
      proc.kill(options.cpuProfileDir ? 'SIGUSR2' : 'SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + options.startTimeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (${String(exitCode)}) before serving /health:\n${logTail()}`);
    }
    try {
      if ((await fetch(`${base}/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`no /health within ${options.startTimeoutMs} ms:\n${logTail()}`);
}

/**
 * The environment of a benched server: production settings on `databaseUrl`, this process's
 * environment without the bench's own settings, rate limits, the cap on one address's connections
 * and the caps on waiting matches out of the way of a load run (its few players create many matches; they are still counted), and
 * LOG_LEVEL at its default (request logging is part of the real cost) unless BENCH_LOG_LEVEL says.
 */
export function productionServerEnv(
  databaseUrl: string,
  dataDir: string,
  jwtSecret: string,
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('BENCH_')) delete env[key];
  delete env.LOG_LEVEL;
  delete env.NODE_OPTIONS;
  return {
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    REGISTER_THROTTLE_LIMIT: '10000',
    AUTH_THROTTLE_LIMIT: '10000',
    OPEN_CHALLENGES_PER_USER: '100000',
    INVITATIONS_PER_USER: '100000',
    INVITATIONS_PER_TARGET: '100000',
    // Every connection of a load run comes from this machine's one address.
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
    // The benchmarks' webhook receiver listens on this machine.
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  };
}
