/**
 * What the bot does in a match: whatever the state's `actions` allow it to
 * answer (docs/architecture.md, "Match state"). It joins every invitation, rolls
 * (it never doubles), plays a legal play at random, takes a double or, one time
 * in four, drops it, and accepts or rejects a resignation at random. It never
 * declines, resigns, leaves or claims a timeout.
 */
import type { components } from '../../clients/typed-match/src/api.js';
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
 * the state after it.
 */
export async function act(api: Api, state: MatchState, action: BotAction, random: () => number): Promise<MatchState> {
  const params = { path: { id: state.id } };
  const expectedVersion = state.version;
  if (action === 'plays') {
    const { plays } = ok(await api.GET('/api/matches/{id}/legal-plays', { params }), 'legal plays');
    const play = plays[Math.floor(random() * plays.length)];
    if (play === undefined) throw new Error(`match ${state.id}: no legal play offered`);
    const body = { moves: play.moves, expectedVersion };
    return ok(await api.POST('/api/matches/{id}/plays', { params, body }), `${state.id} plays ${play.text}`);
  }
  return ok(
    await api.POST(`/api/matches/{id}/${action}`, { params, body: { expectedVersion } }),
    `${state.id} ${action}`,
  );
}
