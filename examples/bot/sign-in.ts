/**
 * The bot's account and its bearer token (docs/bots.md, "Outside bots"): a
 * client whose every request carries a token: a personal API token as it is, or
 * one signed in for with the password, fetched again shortly before it expires;
 * on request, the account is registered first and made a bot account.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../contract/index.js';

export type Api = Client<paths>;

export interface Account {
  readonly baseUrl: string;
  readonly username: string;
  /** The account's password: the bot signs in with it and renews its token (unless `token` is given). */
  readonly password?: string;
  /**
   * A personal API token of the account with the `play` scope (`nardy_pat_…`; README.md, "Write a
   * bot in 40 lines"): sent as it is, never renewed; no password is needed then.
   */
  readonly token?: string;
  /** Register the account if it does not exist yet, and make it a bot account (one that has never played). */
  readonly register?: boolean;
}

/** A new token is asked for this long before the one held expires. */
const RENEW_BEFORE_MS = 60_000;

/** The data of a call, or an error naming the call, its status and its problem+json. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }, call: string): T {
  if (result.data === undefined) throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/** A client signed in as the account (registered and upgraded to a bot first if asked). */
export async function signIn(account: Account): Promise<Api> {
  const { baseUrl, username, token: personal, password = '' } = account;
  if (personal !== undefined) return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${personal}` } });
  const anonymous = createClient<paths>({ baseUrl });
  if (account.register === true) {
    const registered = await anonymous.POST('/api/users', { body: { username, password } });
    // 409 username-taken: registered on an earlier run (or by someone else, and then signing in fails).
    if (registered.response.status !== 409) ok(registered, 'register');
  }
  const issue = async (): Promise<{ bearer: string; renewAt: number }> => {
    const token = ok(await anonymous.POST('/api/auth/token', { body: { username, password } }), 'sign in');
    return { bearer: `Bearer ${token.accessToken}`, renewAt: Date.now() + token.expiresIn * 1000 - RENEW_BEFORE_MS };
  };
  let token = await issue();
  const api = createClient<paths>({ baseUrl });
  api.use({
    async onRequest({ request }) {
      if (Date.now() >= token.renewAt) token = await issue();
      request.headers.set('Authorization', token.bearer);
      return request;
    },
  });
  // Answers the account as it is when it is a bot already; 409 account-has-played for a person's account.
  if (account.register === true) ok(await api.POST('/api/users/me/upgrade-to-bot'), 'upgrade to bot');
  return api;
}
