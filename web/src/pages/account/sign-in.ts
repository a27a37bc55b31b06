/** Signing in: a token for a username and password, kept as the session (session.ts). */
import { api, call } from '../../api/client.js';
import { setRenameRequired } from '../../community/standing.js';
import { setSession } from '../../session.js';

/**
 * Asks the server for a token and keeps it; throws the ApiProblem of a refusal. The answer's refresh
 * token is left alone: the browser keeps it in the httpOnly cookie, out of every script's reach
 * (session-renewal.ts).
 */
export async function signIn(username: string, password: string): Promise<void> {
  const token = await call(api.POST('/api/auth/token', { body: { username, password } }));
  // A moderator renamed the account: a new name is asked for before anything else
  // (docs/moderation.md, "Rename").
  setRenameRequired(token.renameRequired === true);
  setSession({ username, token: token.accessToken, expiresAt: Date.now() + token.expiresIn * 1000 });
}

/** Registers the account, then signs in with it. */
export async function signUp(username: string, password: string): Promise<void> {
  const me = await call(api.POST('/api/users', { body: { username, password } }));
  await signIn(me.username, password);
}
