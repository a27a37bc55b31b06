/**
 * The API, typed from the committed openapi.json (openapi-typescript's paths, openapi-fetch's
 * client): every request a page makes goes through `api` and is checked against the contract by the
 * compiler. `call` turns an answer into its data or throws the ApiProblem a page shows.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../../clients/typed-match/src/api.js';
import { currentSession, setSession } from '../session.js';
import { ApiProblem } from './problem.js';

export type Schemas = components['schemas'];
export type MatchState = Schemas['MatchStateDto'];
export type MatchSummary = Schemas['MatchSummaryDto'];
export type MatchEvent = Schemas['MatchEvent'];
export type PlayerStreamEvent = Schemas['PlayerStreamEvent'];
export type LegalPlay = Schemas['PlayDto'];
export type Colour = 'white' | 'black';
export type Variant = 'backgammon' | 'long-nardy';

const auth: Middleware = {
  onRequest({ request }) {
    const session = currentSession();
    if (session !== null && !request.headers.has('Authorization'))
      request.headers.set('Authorization', `Bearer ${session.token}`);
    return request;
  },
  onResponse({ request, response }) {
    // A token the server no longer takes (expired, or every session signed out): sign out here too.
    // Only for a request that carried it (a wrong password on the sign-in form is a 401 too).
    if (response.status === 401 && currentSession() !== null && request.headers.has('Authorization')) setSession(null);
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin });
api.use(auth);

interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The data of a successful answer; an ApiProblem for an error answer or a failed request. */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch (error) {
    throw ApiProblem.network(error);
  }
  if (!answer.response.ok || answer.data === undefined) {
    if (answer.response.ok) return undefined as T;
    throw ApiProblem.from(answer.response.status, answer.error);
  }
  return answer.data;
}
