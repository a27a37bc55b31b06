// Makes sure the one native addon, argon2 (password hashing), works on this machine, and compiles
// it from source where it does not. argon2 ships prebuilt binaries and its own install script only
// checks that one loads; on some x86-64 machines the bundled linux-x64 binary loads but crashes the
// process (SIGSEGV) at the first hash. So this hashes once in a child process and, if that fails,
// runs node-gyp in the package's folder (python3, make and a C++ compiler needed), after which the
// package's loader takes build/Release before the bundled binaries. `npm ci` runs it (`prepare`);
// the Docker image runs it after `npm ci --ignore-scripts`. argon2's own install script is left off
// in package.json's allowScripts: this does its job, and checks more.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
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
  const npm = spawnSync('npm', ['prefix', '-g'], { encoding: 'utf8' });
  const candidates = [
    npm.status === 0
      ? join(npm.stdout.trim(), 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
      : '',
    join(
      dirname(realpathSync(process.execPath)),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  try {
    candidates.push(createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js'));
  } catch {
    // not installed locally
  }
  return candidates.find((path) => path && existsSync(path));
}

if (!existsSync(addon)) process.exit(0); // installed without it (nothing to check)
if (works()) process.exit(0);

console.error('native-addons: the bundled argon2 binary does not work here; compiling it from source');
const gyp = nodeGyp();
if (!gyp) {
  console.error('native-addons: node-gyp not found (it comes with npm)');
  process.exit(1);
}
const build = spawnSync(process.execPath, [gyp, 'rebuild'], { cwd: addon, stdio: 'inherit' });
if (build.status !== 0 || !works()) {
  console.error('native-addons: argon2 still does not work after compiling it (python3, make and g++ are needed)');
  process.exit(1);
}
console.error('native-addons: argon2 compiled from source and works');
