import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/server-process.js';

/**
 * `npm run dev` as a developer runs it (README, "Docker"): in a copy of the repository's tracked
 * sources (its own dist/, so this suite's build is left alone; node_modules shared), it must serve the
 * web client at `/` once started, and still after a change of src/ makes it rebuild and restart (nest's
 * watch once deleted dist/, the web client with it, and `/` answered 503). Waits are for events, with
 * deadlines far beyond what a loaded machine needs; nothing here is about speed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const DEADLINE_MS = 240_000;

let work: string;
let dev: ChildProcess | null = null;
let output = '';

async function eventually<T>(what: string, check: () => Promise<T | false>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const answer = await check();
    if (answer !== false) return answer;
    if (dev?.exitCode !== null)
      throw new Error(`npm run dev exited (${dev?.exitCode}) waiting for ${what}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function page(base: string): Promise<{ status: number; text: string } | false> {
  try {
    const res = await fetch(`${base}/`);
    return { status: res.status, text: await res.text() };
  } catch {
    return false; // not listening (yet, or while it restarts)
  }
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'nardy-dev-'));
  const tracked = execFileSync('git', ['ls-files', '-z', 'src', 'web', 'contract', 'clients', 'prisma', 'scripts'], {
    cwd: root,
  })
    .toString()
    .split('\0')
    .filter(Boolean);
  const files = [...tracked, 'package.json', 'nest-cli.json', 'tsconfig.json', '.swcrc', 'prisma.config.ts'];
  for (const file of files) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    cpSync(join(root, file), join(work, file));
  }
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
});

afterAll(async () => {
  if (dev?.pid !== undefined && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  dev?.stdout?.destroy();
  dev?.stderr?.destroy();
  rmSync(work, { recursive: true, force: true });
});

it(
  'serves the web client at / once started, and again after a change of src/ rebuilt and restarted it',
  async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    dev = spawn('npm', ['run', 'dev'], { cwd: work, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    dev.stdout?.on('data', (d) => (output += d));
    dev.stderr?.on('data', (d) => (output += d));

    const first = await eventually('/ to answer', () => page(base));
    expect(first.status).toBe(200);
    expect(first.text).toContain('<script');

    const main = join(work, 'dist', 'main.js');
    const builtAt = statSync(main).mtimeMs;
    appendFileSync(join(work, 'src', 'main.ts'), '\n// a change, as a developer makes one\n');
    await eventually('a rebuild', () =>
      Promise.resolve(statSync(main, { throwIfNoEntry: false })?.mtimeMs !== builtAt),
    );
    const again = await eventually('/ to answer after the restart', () => page(base));
    expect(again.status).toBe(200);
    expect(again.text).toContain('<script');
  },
  2 * DEADLINE_MS,
);
