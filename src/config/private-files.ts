import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Permission bits of group and others: none of them is granted on the service's own files. */
export const GROUP_AND_OTHERS = 0o077;

/**
 * Creates `dir` (and missing parents) accessible to its owner only, or makes
 * an existing one so: DATA_DIR holds the embedded database and the JWT secret.
 * A shared directory such as /tmp (sticky bit) is refused, not locked.
 */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((lstatSync(dir).mode & 0o1000) !== 0) {
    throw new Error(`${dir} is a shared directory (sticky bit set): give the service a directory of its own.`);
  }
  chmodSync(dir, 0o700);
}

/**
 * Takes group and others' permissions off everything under `dir` (itself
 * included) that grants them any: a data directory left open by an older
 * version or a careless copy. Symbolic links are left alone (chmod would
 * follow them out of the tree).
 */
export function restrictTreeToOwner(dir: string): void {
  const pending = [dir];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & GROUP_AND_OTHERS) !== 0) chmodSync(path, stat.mode & 0o7777 & ~GROUP_AND_OTHERS);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) pending.push(join(path, entry));
  }
}

/** Writes `file` readable and writable by its owner only, also when it existed with other permissions. */
export function writePrivateFile(file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}
