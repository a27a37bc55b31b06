/**
 * Browser origins allowed to call the API cross-origin (CORS): `'*'` for any,
 * else a list (empty: CORS is off, browsers keep other origins out).
 */
export type CorsOrigins = '*' | string[];

/** `scheme://host[:port]` as browsers send it in `Origin` (lower-case host, no path), or undefined. */
function origin(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : undefined;
}

/**
 * Reads CORS_ORIGINS: empty for none, `*` for any, or a comma-separated list
 * of origins (`https://app.example.com`, `http://localhost:5173`), normalised
 * as browsers send them. Undefined when an entry is not an origin.
 */
export function parseCorsOrigins(text: string): CorsOrigins | undefined {
  const value = text.trim();
  if (value === '') return [];
  if (value === '*') return '*';
  const origins = value.split(',').map((entry) => origin(entry.trim()));
  return origins.every((o) => o !== undefined) ? origins : undefined;
}
