/**
 * The actions on a match as HTTP routes, POST /api/matches/{id}/<action>
 * (docs/architecture.md, "Match state JSON": a client POSTs what `actions`
 * lists): for each action its OpenAPI operation, its body and the
 * MatchAction the body asks for. MatchActionsController makes one route of
 * each row; the table has a row for every action name, in the order the
 * routes are declared.
 */
import type { Type } from '@nestjs/common';
import type { BareActionName, MatchAction } from '../core/match-action.js';
import type { ActionName } from '../model/action-names.js';
import { ActionDto } from './dto/action.dto.js';
import { JoinDto } from './dto/join.dto.js';
import { ResignDto } from './dto/resign.dto.js';
import { SubmitPlayDto } from './dto/submit-play.dto.js';

/** An action's request body, and the action it asks for. */
export interface ActionBody<K extends ActionName = ActionName> {
  /** The body's class: the ValidationPipe checks a request against it; the OpenAPI document shows it. */
  readonly type: Type<ActionDto>;
  /** Whether a client may send no body at all (every field of `type` is optional). */
  readonly optional: boolean;
  /** The action a checked body of class `type` asks for. */
  action(dto: ActionDto): MatchAction & { readonly name: K };
}

/** An action's route: its OpenAPI operation and its body. */
export interface ActionRoute<K extends ActionName = ActionName> {
  readonly operationId: string;
  readonly summary: string;
  /** What the action does; every action's description ends with what it answers (the controller adds it). */
  readonly description: string;
  readonly body: ActionBody<K>;
}

/** A body of class `type`, and the action a checked one asks for. */
function bodyOf<K extends ActionName, D extends ActionDto>(
  type: Type<D>,
  optional: 'optional' | 'required',
  action: (dto: D) => MatchAction & { readonly name: K },
): ActionBody<K> {
  return { type, optional: optional === 'optional', action };
}

/** The body of an action that carries nothing but the version acted on (`expectedVersion`); it may be left out. */
function versionOnly<K extends BareActionName>(name: K): ActionBody<K> {
  return bodyOf(ActionDto, 'optional', () => ({ name }));
}

export const ACTION_ROUTES: { readonly [K in ActionName]: ActionRoute<K> } = {
  join: {
    operationId: 'joinMatch',
    summary: 'Take the free seat of an invitation or open challenge',
    description:
      'The caller takes the free seat; the server then throws the opening dice. An invitation is joined by the invited player, an open challenge by anyone but its creator.',
    body: bodyOf(JoinDto, 'optional', (dto) => ({ name: 'join', clientSeed: dto.clientSeed })),
  },
  decline: {
    operationId: 'declineMatch',
    summary: 'Decline an invitation',
    description: 'The invited player turns the invitation down; the match ends as `declined`.',
    body: versionOnly('decline'),
  },
  abort: {
    operationId: 'abortMatch',
    summary: 'Withdraw the match before its first throw (docs/rules.md M6)',
    description:
      'The creator withdraws an invitation or an open challenge before any dice are thrown (docs/rules.md M6); it ends as `aborted`, unrated. Once a throw is seen, `leave` forfeits instead.',
    body: versionOnly('abort'),
  },
  leave: {
    operationId: 'leaveSession',
    summary:
      'Leave: forfeit a match to N points; end a money session, forfeiting the game under way (docs/rules.md M6)',
    description:
      'In a match to N points the leaver forfeits the match: the opponent wins it, rated as any loss. A money session ends: between games at the score it stands at, during a game after the leaver loses that game for a backgammon at the cube (docs/rules.md M6).',
    body: versionOnly('leave'),
  },
  roll: {
    operationId: 'roll',
    summary: 'Roll the dice (instead of doubling), or ask for the next opening throw of a money session',
    description:
      'The player on turn who may double rolls instead; in a money session between games, asks for the next game’s opening throw.',
    body: versionOnly('roll'),
  },
  plays: {
    operationId: 'play',
    summary: 'Play the dice: checker moves in any legal order, or gnubg text',
    description:
      'Send one of GET /api/matches/{id}/legal-plays as `moves` (in any order that is legal step by step) or as gnubg `text`, not both; a refused play is 422 with the rule broken.',
    body: bodyOf(SubmitPlayDto, 'required', (dto) => ({ name: 'plays', moves: dto.moves, text: dto.text })),
  },
  double: {
    operationId: 'double',
    summary: 'Offer a double (before rolling)',
    description:
      'The player on turn offers the cube at twice its value before rolling; the opponent must take, drop or (money, with beavers) beaver.',
    body: versionOnly('double'),
  },
  take: {
    operationId: 'take',
    summary: 'Take the double',
    description: 'The doubled player takes: the cube doubles and passes to them, and the doubler rolls.',
    body: versionOnly('take'),
  },
  drop: {
    operationId: 'drop',
    summary: 'Drop the double: lose the game at the cube value before it',
    description: 'The doubled player drops: the game ends, scored at the cube value before the double.',
    body: versionOnly('drop'),
  },
  beaver: {
    operationId: 'beaver',
    summary: 'Take and redouble at once, keeping the cube (money sessions with beavers)',
    description: 'The doubled player takes and at once redoubles, keeping the cube (money sessions with `beavers`).',
    body: versionOnly('beaver'),
  },
  resign: {
    operationId: 'resign',
    summary: 'Offer to resign the game for 1, 2 or 3 times the cube',
    description:
      'The player offers to resign the game for `value` times the cube (1, 2 or 3); the opponent accepts or rejects.',
    body: bodyOf(ResignDto, 'required', (dto) => ({ name: 'resign', value: dto.value })),
  },
  'resignation/accept': {
    operationId: 'acceptResignation',
    summary: 'Accept the resignation on offer',
    description: 'The opponent accepts the resignation on offer: the game ends, scored at its value.',
    body: versionOnly('resignation/accept'),
  },
  'resignation/reject': {
    operationId: 'rejectResignation',
    summary: 'Reject the resignation on offer: play goes on',
    description: 'The opponent rejects the resignation on offer: play goes on where it stood.',
    body: versionOnly('resignation/reject'),
  },
  'claim-timeout': {
    operationId: 'claimTimeout',
    summary: 'Claim the match: the player on the clock let the deadline pass',
    description:
      'The opponent of the player on the clock claims the match once that player’s deadline (and time bank) has passed; the claimant wins the match.',
    body: versionOnly('claim-timeout'),
  },
};
