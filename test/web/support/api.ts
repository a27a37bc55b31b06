/**
 * The API calls the browser tests and bench:web make to set the scene (accounts, tokens, matches)
 * without going through pages. Plain fetch against a running service; nothing here needs Jest.
 */

/** A signed-in account: what the web client keeps as its session (web/src/session.ts). */
export interface AccountSession {
  readonly username: string;
  readonly token: string;
  /** When the token expires (ms since the epoch). */
  readonly expiresAt: number;
}

/** POSTs JSON (with `token` as the bearer), failing with the answer unless it is a success. */
export async function postJson(baseUrl: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** A bearer token for an existing account (POST /api/auth/token). */
export async function tokenFor(baseUrl: string, username: string, password: string): Promise<AccountSession> {
  const started = Date.now();
  const answer = (await postJson(baseUrl, '/api/auth/token', { username, password })) as {
    accessToken?: unknown;
    expiresIn?: unknown;
  };
  if (typeof answer.accessToken !== 'string' || typeof answer.expiresIn !== 'number')
    throw new Error(`POST /api/auth/token: no accessToken/expiresIn in ${JSON.stringify(answer)}`);
  return { username, token: answer.accessToken, expiresAt: started + answer.expiresIn * 1000 };
}

/** A new account (POST /api/users), signed in. */
export async function registerUser(baseUrl: string, username: string, password: string): Promise<AccountSession> {
  await postJson(baseUrl, '/api/users', { username, password });
  return tokenFor(baseUrl, username, password);
}

/**
 * A match of `white` against `black`: white invites black with white's colour, black joins, so the
 * first game has begun and the match page has a board. `terms` are CreateMatchDto's other fields
 * (default: backgammon to 3 points). Returns the match id.
 */
export async function startMatchBetween(
  baseUrl: string,
  white: AccountSession,
  black: AccountSession,
  terms: Record<string, unknown> = { variant: 'backgammon', length: 3 },
): Promise<string> {
  const created = (await postJson(
    baseUrl,
    '/api/matches',
    { ...terms, opponent: black.username, colour: 'white' },
    white.token,
  )) as { id?: unknown };
  if (typeof created.id !== 'string') throw new Error(`POST /api/matches: no id in ${JSON.stringify(created)}`);
  await postJson(baseUrl, `/api/matches/${created.id}/join`, {}, black.token);
  return created.id;
}
