/**
 * What the bot does in a match: whatever the state's `actions` allow it to
 * answer (docs/architecture.md, "Match state"). It joins every invitation, rolls
 * (it never doubles), plays a legal play at random, takes a double or, one time
 * in four, drops it, and accepts or rejects a resignation at random. It never
 * declines, resigns, leaves or claims a timeout.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { components } from '../../contract/index.js';
import { ok, type Api } from './sign-in.js';

export type MatchState = components['schemas']['MatchStateDto'];
/** The actions the bot takes: each is POSTed to /api/matches/{id}/<action>. */
export type BotAction = 'join' | 'roll' | 'plays' | 'take' | 'drop' | 'resignation/accept' | 'resignation/reject';

/** The action to take now, or null when the match waits for the opponent (or is over). */
export function decide(state: MatchState, random: () => number): BotAction | null {
  const can = (action: BotAction): boolean => state.actions.includes(action);
  if (can('join')) return 'join';
  if (can('resignation/accept')) return random() < 0.5 ? 'resignation/accept' : 'resignation/reject';
  if (can('take')) return random() < 0.25 && can('drop') ? 'drop' : 'take';
  if (can('plays')) return 'plays';
  if (can('roll')) return 'roll';
  return null;
}

/**
 * Takes the action on the state it was decided on (`expectedVersion`: if the
 * match moved on meanwhile, 409 version-conflict and nothing is done); answers
 * the state after it. The request carries an Idempotency-Key: when the
 * connection drops before the answer arrives (the server may have acted), it is
 * sent again with the same key, a few times, so the server acts once and the bot
 * still learns the state after its action (the server answers 409
 * idempotency-key-in-use while it still handles the first sending: then it is
 * sent again a little later).
 */
export async function act(api: Api, state: MatchState, action: BotAction, random: () => number): Promise<MatchState> {
  const params = { path: { id: state.id } };
  const headers = { 'Idempotency-Key': randomUUID() };
  const expectedVersion = state.version;
  if (action === 'plays') {
    const { plays } = ok(await api.GET('/api/matches/{id}/legal-plays', { params }), 'legal plays');
    const play = plays[Math.floor(random() * plays.length)];
    if (play === undefined) throw new Error(`match ${state.id}: no legal play offered`);
    const body = { moves: play.moves, expectedVersion };
    return ok(
      await sentAgainOnDrop(() => api.POST('/api/matches/{id}/plays', { params, headers, body })),
      `${state.id} plays ${play.text}`,
    );
  }
  return ok(
    await sentAgainOnDrop(() =>
      api.POST(`/api/matches/{id}/${action}`, { params, headers, body: { expectedVersion } }),
    ),
    `${state.id} ${action}`,
  );
}

/** How many times a request is sent in all when no answer comes, or the server still handles its key. */
const SENDS = 5;

/**
 * `send()` again (the same request: the same Idempotency-Key) after a network error, or while the
 * server answers 409 `idempotency-key-in-use` (the first sending is still being handled there: a
 * connection cut mid-request does not stop it), up to SENDS times, waiting a little longer each time.
 */
async function sentAgainOnDrop<T extends { error?: unknown; response: Response }>(send: () => Promise<T>): Promise<T> {
  for (let sent = 1; ; sent++) {
    try {
      const result = await send();
      if (sent === SENDS || !keyInUse(result)) return result;
    } catch (error: unknown) {
      if (!noAnswer(error) || sent === SENDS) throw error;
    }
    await sleep(100 * 2 ** (sent - 1));
  }
}

/**
 * Whether fetch failed with no answer (the connection failed or dropped): it rejects with a
 * TypeError then, and only then. Known by its name, as a TypeError of another realm (a test's
 * sandbox) is no instance of this one's.
 */
function noAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'TypeError';
}

function keyInUse(result: { error?: unknown; response: Response }): boolean {
  const { error } = result;
  return (
    result.response.status === 409 &&
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'idempotency-key-in-use'
  );
}
