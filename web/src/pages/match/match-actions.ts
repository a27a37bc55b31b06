/**
 * The actions a match state lists (`actions`: path segments under /api/matches/{id}/), posted through
 * the typed client with the version the person saw, so a decision made on a stale board is refused
 * (409 version-conflict) rather than applied to a position nobody looked at.
 */
import { api, call, type MatchState } from '../../api/client.js';
import type { MessageKey } from '../../i18n/message-ids.js';

export type SimpleAction =
  | 'join'
  | 'decline'
  | 'abort'
  | 'leave'
  | 'roll'
  | 'double'
  | 'take'
  | 'drop'
  | 'beaver'
  | 'resignation/accept'
  | 'resignation/reject'
  | 'claim-timeout';

export interface Move {
  readonly from: number;
  readonly to: number;
}

/** Posts an action that takes no more than the version; returns the match state after it. */
export function postAction(id: string, action: SimpleAction, expectedVersion: number): Promise<MatchState> {
  const path = { params: { path: { id } }, body: { expectedVersion } };
  switch (action) {
    case 'join':
      return call(api.POST('/api/matches/{id}/join', path));
    case 'decline':
      return call(api.POST('/api/matches/{id}/decline', path));
    case 'abort':
      return call(api.POST('/api/matches/{id}/abort', path));
    case 'leave':
      return call(api.POST('/api/matches/{id}/leave', path));
    case 'roll':
      return call(api.POST('/api/matches/{id}/roll', path));
    case 'double':
      return call(api.POST('/api/matches/{id}/double', path));
    case 'take':
      return call(api.POST('/api/matches/{id}/take', path));
    case 'drop':
      return call(api.POST('/api/matches/{id}/drop', path));
    case 'beaver':
      return call(api.POST('/api/matches/{id}/beaver', path));
    case 'resignation/accept':
      return call(api.POST('/api/matches/{id}/resignation/accept', path));
    case 'resignation/reject':
      return call(api.POST('/api/matches/{id}/resignation/reject', path));
    case 'claim-timeout':
      return call(api.POST('/api/matches/{id}/claim-timeout', path));
  }
}

export function postPlay(id: string, moves: readonly Move[], expectedVersion: number): Promise<MatchState> {
  return call(
    api.POST('/api/matches/{id}/plays', { params: { path: { id } }, body: { moves: [...moves], expectedVersion } }),
  );
}

export function postResign(id: string, value: 1 | 2 | 3, expectedVersion: number): Promise<MatchState> {
  return call(api.POST('/api/matches/{id}/resign', { params: { path: { id } }, body: { value, expectedVersion } }));
}

/** The buttons' words for each action, as a person reads them (keys of the `match` messages). */
export const ACTION_LABELS: Readonly<Record<SimpleAction, MessageKey>> = {
  join: 'match.action.join',
  decline: 'match.action.decline',
  abort: 'match.action.abort',
  leave: 'match.action.leave',
  roll: 'match.action.roll',
  double: 'match.action.double',
  take: 'match.action.take',
  drop: 'match.action.drop',
  beaver: 'match.action.beaver',
  'resignation/accept': 'match.action.acceptResignation',
  'resignation/reject': 'match.action.rejectResignation',
  'claim-timeout': 'match.action.claimTimeout',
};

export function isSimpleAction(action: string): action is SimpleAction {
  return action in ACTION_LABELS;
}
