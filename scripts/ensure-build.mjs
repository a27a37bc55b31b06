// `npm start` runs this first: builds dist/ (Prisma client + swc + the web client) only when a
// source is newer than the last build, so a fresh install (whose `prepare`
// already built) starts at once and an edited tree is rebuilt.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce(
    (m, name) => (name === 'generated' ? m : Math.max(m, newest(join(path, name)))),
    s.mtimeMs,
  );
}

const sources = ['src', 'web', 'contract', 'prisma/schema.prisma', '.swcrc', 'package.json'].map((p) => join(root, p));
const built = existsSync(stamp) && existsSync(join(root, 'dist', 'main.js')) ? statSync(stamp).mtimeMs : 0;
if (sources.some((p) => newest(p) > built)) {
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, new Date().toISOString() + '\n');
}
