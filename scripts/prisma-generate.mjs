// Runs `prisma generate` without the native schema engine download that the
// Prisma CLI attempts otherwise: generate never executes the engine, it only
// needs PRISMA_SCHEMA_ENGINE_BINARY to name an existing file.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
const cli = fileURLToPath(new URL('../node_modules/prisma/build/index.js', import.meta.url));
const r = spawnSync(process.execPath, [cli, 'generate', '--no-hints'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
if (r.status !== 0) {
  process.stdout.write(r.stdout ?? '');
  process.exit(r.status ?? 1);
}
