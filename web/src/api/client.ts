/**
 * The API, typed from the committed openapi.json (openapi-typescript's paths, openapi-fetch's
 * client): every request a page makes goes through `api` and is checked against the contract by the
 * compiler. `call` turns an answer into its data or throws the ApiProblem a page shows.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../contract/index.js';
import type { Colour, Variant } from '../../../src/engine/index.js';
import { activeLocale } from '../i18n/index.js';
import { ApiProblem } from './problem.js';
import { noticeBan } from './ban-notice.js';
import { freshSession, renewSession } from './session-renewal.js';

export type Schemas = components['schemas'];
export type MatchState = Schemas['MatchStateDto'];
export type MatchSummary = Schemas['MatchSummaryDto'];
export type MatchEvent = Schemas['MatchEvent'];
export type PlayerStreamEvent = Schemas['PlayerStreamEvent'];
export type LegalPlay = Schemas['PlayDto'];
export type Tournament = Schemas['TournamentDto'];
export type TournamentMatch = Schemas['TournamentMatchDto'];
export type TournamentRound = Schemas['TournamentRoundDto'];
export type TournamentStanding = Schemas['TournamentStandingDto'];
export type TournamentEntrant = Schemas['TournamentEntrantDto'];
export type TournamentEvent = Schemas['TournamentEventDto'];
// The game's own names are the engine's (the contract's enums carry the same strings).
export type { Colour, Variant };

/**
 * Every request of a signed-in person carries their token, renewed first when it is near its expiry;
 * a request whose token is refused all the same (expired meanwhile) is sent once more after a
 * renewal (session-renewal.ts). A renewal that fails signs out, and the first answer is kept.
 */
async function authorizedFetch(request: Request): Promise<Response> {
  return noticeBan(await sendAuthorized(request));
}

async function sendAuthorized(request: Request): Promise<Response> {
  // The API's problems (title, detail) come in the language the pages are in.
  request.headers.set('Accept-Language', activeLocale());
  if (request.headers.has('Authorization')) return fetch(request);
  const session = await freshSession();
  if (session === null) return fetch(request);
  const again = request.clone();
  request.headers.set('Authorization', `Bearer ${session.token}`);
  const answer = await fetch(request);
  if (answer.status !== 401) return answer;
  const renewed = await renewSession(session.token);
  if (renewed === null) return answer;
  again.headers.set('Authorization', `Bearer ${renewed.token}`);
  return fetch(again);
}

export const api = createClient<paths>({ baseUrl: location.origin, fetch: authorizedFetch });

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
