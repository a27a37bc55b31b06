// Makes sure the one native addon, argon2 (password hashing), works on this machine. argon2 ships
// prebuilt binaries, and its own install script only checks that one loads; on these x86-64
// machines the bundled linux-x64 binary has crashed the process (SIGSEGV) at the first hash, now and
// then, with no log line. So this compiles argon2 from source with node-gyp (python3, make and a C++
// compiler needed), after which the package's loader takes build/Release before the bundled
// binaries, and checks it with a hash in a child process. Where it cannot compile, the bundled
// binary is kept if it passes the same check; otherwise the install fails here rather than the
// service at its first login. `npm ci` runs it (`prepare`); the Docker image runs it after
// `npm ci --ignore-scripts`. argon2's own install script is left off in package.json's
// allowScripts: this does its job, and checks more.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const addon = join(root, 'node_modules', 'argon2');
const probe = "import('argon2').then((a) => a.default.hash('probe', { memoryCost: 1024, timeCost: 2 }))";

function works() {
  const r = spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' });
  return r.status === 0;
}

/** node-gyp as npm runs it for install scripts, else the copy bundled with npm. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) {
    return process.env.npm_config_node_gyp;
  }
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' });
  const npmBin = npm.status === 0 ? realpathSync(npm.stdout.trim()) : '';
  const candidates = [npmBin ? join(dirname(npmBin), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js') : ''];
  try {
    candidates.push(createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js'));
  } catch {
    // not installed locally
  }
  return candidates.find((path) => path && existsSync(path));
}

if (!existsSync(addon)) process.exit(0); // installed without it (nothing to check)
if (existsSync(join(addon, 'build', 'Release', 'argon2.node')) && works()) process.exit(0);

const gyp = nodeGyp();
const build = gyp ? spawnSync(process.execPath, [gyp, 'rebuild'], { cwd: addon, stdio: 'inherit' }) : null;
if (build?.status === 0 && works()) {
  console.error('native-addons: argon2 compiled from source and works');
  process.exit(0);
}
rmSync(join(addon, 'build'), { recursive: true, force: true });
if (works()) {
  console.error(
    'native-addons: could not compile argon2 (python3, make, g++?): keeping its bundled binary, which works',
  );
  process.exit(0);
}
console.error('native-addons: argon2 does not work here: compile it (python3, make and g++ are needed)');
process.exit(1);
