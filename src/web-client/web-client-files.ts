/**
 * Where the built web client lies (dist/web, written by `npm run build`), and its index.html, read
 * once. The same two levels up from src/web-client/ (tests) and dist/web-client/ (the service).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WEB_CLIENT_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** The client's index.html, or null when the client has not been built. */
export function readIndexHtml(dir: string = WEB_CLIENT_DIR): string | null {
  const path = `${dir}index.html`;
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** A file of the built client by its path under dist/web, or null when it is not there. */
export function readWebClientFile(name: string, dir: string = WEB_CLIENT_DIR): Buffer | null {
  const path = `${dir}${name}`;
  return existsSync(path) ? readFileSync(path) : null;
}
