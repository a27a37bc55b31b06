// Follows the Dockerfile's steps on this machine, without Docker, and starts what they produce:
// CI has no Docker engine, and the image's install path (`npm ci --ignore-scripts`, then only the
// runtime files) differs from a developer's `npm ci` enough to break on its own (a native addon that
// crashed at start-up once did). What it does, stage by stage:
// - build stage: copies the build context (the repository less .dockerignore's entries) as the
//   stage's COPY lines say, and runs its RUN lines of npm and node in the stage's WORKDIR with its
//   ENV (but where this machine's environment sets a variable, or an ENV names a path absent here,
//   this machine's own set-up stands: use-node.sh's Node headers, say);
//   package installs with apt-get are left to the machine (CI installs gnubg, make and g++);
// - runtime stage: lays out only the files its COPY --from=build lines name, in a folder of its own;
// - then runs its CMD there with its ENV, on a fresh PostgreSQL database (TEST_DATABASE_URL's server),
//   waits for /health/ready, registers and signs in (argon2 at work), loads the web client's page,
//   checks that the gnubg bot is offered where gnubg is installed, and stops the service with
//   SIGTERM, which must exit 0.
// Usage: node scripts/image-check.mjs   (exit 0 when the image's layout serves; the work folder is
// removed unless KEEP_IMAGE_CHECK=1).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'nardy-image-'));
const log = (line) => console.log(`image-check: ${line}`);

/** The Dockerfile as instructions: continuation lines joined, comments dropped, stages numbered. */
function instructions(text) {
  const out = [];
  let stage = -1;
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    const [keyword] = whole.split(/\s+/, 1);
    const args = whole.slice(keyword.length).trim();
    if (keyword.toUpperCase() === 'FROM') stage += 1;
    out.push({ stage, keyword: keyword.toUpperCase(), args });
  }
  return out;
}

/** ENV's `a=1 b=2` (values without spaces, as this Dockerfile writes them). */
function envPairs(args) {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

const ignored = new Set(
  readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^\/|\/$/g, ''))
    .filter((l) => l && !l.startsWith('#')),
);

/** COPY SRC... DEST from `from` (the context) into the stage's folder. */
function copyInto(from, sources, dest, cwd) {
  const target = resolve(cwd, dest);
  for (const source of sources) {
    const path = resolve(from, source);
    const into = sources.length > 1 || dest.endsWith('/') ? join(target, source === '.' ? '' : source) : target;
    if (source === '.') cpSync(path, target, { recursive: true, verbatimSymlinks: true });
    else cpSync(path, into, { recursive: true, verbatimSymlinks: true });
  }
}

function run(command, cwd, env) {
  log(`RUN ${command}`);
  const r = spawnSync('sh', ['-c', command], { cwd, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`"${command}" failed (exit ${r.status ?? r.signal})`);
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

/** A copy of the build context: the repository less .dockerignore's entries. */
function copyContext() {
  const context = join(work, 'context');
  cpSync(root, context, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => {
      const rel = src.slice(root.length).replace(/^\/+/, '');
      return rel === '' || !ignored.has(rel.split('/')[0]);
    },
  });
  return context;
}

/**
 * Whether an ENV of the image applies here: not where this machine's environment sets the variable,
 * nor where it names a path absent here (Node's headers for node-gyp must be really there).
 */
function appliesHere(key, value) {
  if (key in process.env) return `this machine's ${process.env[key]} stands`;
  const needed = key === 'npm_config_nodedir' ? join(value, 'include', 'node', 'node.h') : value;
  if (value.startsWith('/') && !existsSync(needed)) return `${needed} is not here: left out`;
  return null;
}

/** Follows the build stage; answers the folder its `/` stands for. */
function buildStage(steps) {
  const context = copyContext();
  const dir = join(work, 'build');
  let cwd = dir;
  const env = { ...process.env };
  for (const { stage, keyword, args } of steps.filter((s) => s.stage === 0)) {
    if (keyword === 'WORKDIR') {
      cwd = join(dir, args);
      mkdirSync(cwd, { recursive: true });
    } else if (keyword === 'ENV') {
      for (const [key, value] of Object.entries(envPairs(args))) {
        const not = appliesHere(key, value);
        if (not) log(`ENV ${key}=${value}: ${not}`);
        else env[key] = value;
      }
    } else if (keyword === 'COPY') {
      const parts = args.split(/\s+/);
      copyInto(context, parts.slice(0, -1), parts.at(-1), cwd);
    } else if (keyword === 'RUN') {
      if (/^apt-get\b/.test(args)) log(`RUN ${args.slice(0, 60)}…: packages are this machine's own`);
      else if (/^(npm|node)\b/.test(args)) run(args, cwd, env);
      else throw new Error(`stage ${stage}: a RUN this check cannot follow: ${args}`);
    }
  }
  return dir;
}

/** Lays out the runtime stage: only what COPY --from=build names. Answers its WORKDIR, ENV and CMD. */
function runtimeStage(steps, built) {
  const runtime = join(work, 'runtime');
  let cwd = runtime;
  const env = {};
  let cmd = null;
  for (const { keyword, args } of steps.filter((s) => s.stage === 1)) {
    if (keyword === 'WORKDIR') {
      cwd = join(runtime, args);
      mkdirSync(cwd, { recursive: true });
    } else if (keyword === 'ENV') Object.assign(env, envPairs(args));
    else if (keyword === 'COPY') {
      const from = /^--from=build\s+/.exec(args);
      if (!from) throw new Error(`a runtime COPY not from the build stage: ${args}`);
      const [source, dest] = args.slice(from[0].length).split(/\s+/);
      mkdirSync(dirname(resolve(cwd, dest)), { recursive: true });
      cpSync(join(built, source), resolve(cwd, dest), { recursive: true, verbatimSymlinks: true });
    } else if (keyword === 'CMD') cmd = JSON.parse(args);
    else if (keyword === 'RUN') log(`RUN ${args.slice(0, 60)}…: left to the image (packages, the data folder)`);
  }
  if (!cmd) throw new Error('the runtime stage has no CMD');
  return { cwd, env, cmd };
}

async function check(base, exited) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((ok) => setTimeout(() => ok(null), 500))]);
    if (early) throw new Error(`the service exited at start (${JSON.stringify(early)})`);
    const ready = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('/health/ready did not answer 200 in 90 s');
  }
  log('GET /health/ready: 200');
  const json = { 'content-type': 'application/json' };
  const account = { username: `image-${randomBytes(3).toString('hex')}`, password: randomBytes(12).toString('base64') };
  const registered = await fetch(`${base}/api/users`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  if (registered.status !== 201) throw new Error(`POST /api/users: ${registered.status} ${await registered.text()}`);
  const token = await fetch(`${base}/api/auth/token`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  if (token.status !== 200 && token.status !== 201) throw new Error(`POST /api/auth/token: ${token.status}`);
  log('POST /api/users and /api/auth/token: a password hashed and verified');
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<script')) throw new Error(`GET /: ${page.status}, not the web client`);
  log('GET /: the web client');
  // The image installs gnubg (/usr/games): where this machine has it too, the bot must be offered.
  const bots = await fetch(`${base}/api/house-bots`).then((r) => r.json());
  const gnubg = bots.items?.find((bot) => bot.houseBot === 'gnubg');
  log(`GET /api/house-bots: gnubg ${gnubg?.available ? 'available' : `not available (${gnubg?.unavailableReason})`}`);
  if (existsSync('/usr/games/gnubg') && gnubg?.available !== true)
    throw new Error('gnubg is installed but not offered');
}

/** Runs the image's CMD on a fresh database, checks it, and stops it; whatever happens, cleans up. */
async function main() {
  const steps = instructions(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const stages = Math.max(...steps.map((s) => s.stage)) + 1;
  if (stages !== 2) throw new Error(`expected a build stage and a runtime stage, found ${stages}`);
  const image = runtimeStage(steps, buildStage(steps));

  const admin = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = `nardy_image_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  let service = null;
  try {
    await client.query(`CREATE DATABASE ${database}`);
    const url = new URL(admin);
    url.pathname = `/${database}`;
    const port = await freePort();
    const dataDir = join(work, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const serviceEnv = {
      PATH: `${process.env.PATH}:/usr/games`,
      HOME: process.env.HOME ?? work,
      ...image.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    };
    log(`CMD ${image.cmd.join(' ')} (PORT=${port}, NODE_ENV=${serviceEnv.NODE_ENV}, a fresh database)`);
    service = spawn(image.cmd[0], image.cmd.slice(1), {
      cwd: image.cwd,
      env: serviceEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise((ok) => service.once('exit', (code, signal) => ok({ code, signal })));
    await check(`http://127.0.0.1:${port}`, exited);
    service.kill('SIGTERM');
    const stopped = await Promise.race([exited, new Promise((ok) => setTimeout(() => ok(null), 20_000))]);
    if (!stopped) throw new Error('the service did not stop within 20 s of SIGTERM');
    if (stopped.code !== 0) throw new Error(`the service exited with ${JSON.stringify(stopped)} on SIGTERM`);
  } finally {
    if (service !== null && service.exitCode === null && service.signalCode === null) service.kill('SIGKILL');
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
}

try {
  await main();
  log('the image layout installs, starts on PostgreSQL, serves and stops cleanly');
} catch (error) {
  console.error(`image-check: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (process.env.KEEP_IMAGE_CHECK !== '1') rmSync(work, { recursive: true, force: true });
}
