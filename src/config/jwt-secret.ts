import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDirectory, writePrivateFile } from './private-files.js';

/**
 * The secret that signs bearer tokens: JWT_SECRET when set; otherwise (never in
 * production, see Environment) a random one generated once and kept under the
 * data directory, readable by the service's user only, so tokens survive
 * restarts of a development server.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  makePrivateDirectory(dataDir);
  const file = join(dataDir, 'jwt-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) {
      chmodSync(file, 0o600);
      return kept;
    }
  } catch {
    // not generated yet
  }
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, secret + '\n');
  return secret;
}
