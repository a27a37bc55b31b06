import type { Move, ResultMultiplier } from '../../engine/index.js';
import type { ActionName } from '../model/action-names.js';

/** The actions that carry nothing but their name (and the version acted on). */
export type BareActionName = Exclude<ActionName, 'join' | 'plays' | 'resign'>;

/** An action a player POSTs to /api/matches/{id}/<action>, with what it carries. */
export type MatchAction =
  | { readonly name: 'join'; readonly clientSeed?: string }
  | { readonly name: 'plays'; readonly moves?: readonly Move[]; readonly text?: string }
  | { readonly name: 'resign'; readonly value: ResultMultiplier }
  | { readonly name: BareActionName };
