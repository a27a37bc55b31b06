import {
  Body,
  Controller,
  type Type,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor.js';
import { BearerAuthGuard } from '../../security/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../../security/principal.js';
import { ActionDto } from './dto/action.dto.js';
import { JoinDto } from './dto/join.dto.js';
import { MatchStateDto } from './dto/match-state.dto.js';
import { ResignDto } from './dto/resign.dto.js';
import { SubmitPlayDto } from './dto/submit-play.dto.js';
import { IfMatchVersion } from './if-match.decorator.js';
import { MatchIdPipe } from './match-id.pipe.js';
import type { MatchAction } from '../core/match-action.js';
import { MatchActionsService } from '../core/match-actions.service.js';
import type { MatchView } from '../view/match-view.js';

const ACTION_PROBLEMS: Array<number | [number, string]> = [
  ...BODY_PROBLEMS,
  401,
  [403, 'The caller is not a player of this match (`not-a-player`).'],
  [404, 'No such match (`match-not-found`).'],
  [
    409,
    'Someone else must act (`not-your-turn`), the rules do not allow it now (`action-not-allowed`, with the engine’s `reason`), ' +
      'the match moved on (`version-conflict`, with `currentVersion`), or the same Idempotency-Key is still in use by a request under way (`idempotency-key-in-use`).',
  ],
  [422, 'The play breaks a rule (`illegal-play`, with the validator’s `reason`), or an Idempotency-Key was reused.'],
];

/** What every action's description ends with. */
const ACTION_NOTE =
  ' The answer is the match state for the caller, after the action and whatever the server did at once ' +
  '(the dice it throws when nobody has a choice, a roll with no legal play passing, the records of a finished game).';

/**
 * One decorator set per action: bearer auth, Idempotency-Key, If-Match, the
 * state as the answer. `optionalBody` is the body's type for the actions
 * whose fields are all optional: a client may send no body at all.
 */
function MatchAction(
  summary: string,
  operationId: string,
  description: string,
  optionalBody?: Type<ActionDto>,
): MethodDecorator {
  return (target, key, descriptor) => {
    HttpCode(HttpStatus.OK)(target, key, descriptor);
    ApiOperation({ summary, operationId, description: description + ACTION_NOTE })(target, key, descriptor);
    if (optionalBody) ApiBody({ type: optionalBody, required: false })(target, key, descriptor);
    ApiOkResponse({ type: MatchStateDto, description: 'The match state after the action and what followed it.' })(
      target,
      key,
      descriptor,
    );
    ApiProblems(...ACTION_PROBLEMS)(target, key, descriptor);
  };
}

/**
 * The actions on a match (docs/architecture.md, "Match state JSON": a client
 * POSTs what `actions` lists). Every answer is the match state for the caller.
 */
@ApiTags('matches')
@ApiBearerAuth()
@ApiParam({ name: 'id', format: 'uuid', description: 'The match.' })
@ApiHeader({ name: 'If-Match', required: false, description: 'The version acted on, e.g. "17" (or expectedVersion).' })
@ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes a retry return the first answer.' })
@UseGuards(BearerAuthGuard)
@UseInterceptors(IdempotencyInterceptor)
@Controller('api/matches/:id')
export class MatchActionsController {
  constructor(private readonly actions: MatchActionsService) {}

  private run(
    id: string,
    principal: Principal,
    action: MatchAction,
    dto: ActionDto,
    ifMatch: number | null,
  ): Promise<MatchView> {
    return this.actions.act(id, principal.userId, action, dto.expectedVersion ?? ifMatch);
  }

  @Post('join')
  @MatchAction(
    'Take the free seat of an invitation or open challenge',
    'joinMatch',
    'The caller takes the free seat; the server then throws the opening dice. An invitation is joined by the invited player, an open challenge by anyone but its creator.',
    JoinDto,
  )
  join(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: JoinDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'join', clientSeed: dto.clientSeed }, dto, v);
  }

  @Post('decline')
  @MatchAction(
    'Decline an invitation',
    'declineMatch',
    'The invited player turns the invitation down; the match ends as `declined`.',
    ActionDto,
  )
  decline(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'decline' }, dto, v);
  }

  @Post('abort')
  @MatchAction(
    'Withdraw the match before its first throw (docs/rules.md M6)',
    'abortMatch',
    'The creator withdraws an invitation or an open challenge before any dice are thrown (docs/rules.md M6); it ends as `aborted`, unrated. Once a throw is seen, `leave` forfeits instead.',
    ActionDto,
  )
  abort(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'abort' }, dto, v);
  }

  @Post('leave')
  @MatchAction(
    'Leave: forfeit a match to N points; end a money session, forfeiting the game under way (docs/rules.md M6)',
    'leaveSession',
    'In a match to N points the leaver forfeits the match: the opponent wins it, rated as any loss. A money session ends: between games at the score it stands at, during a game after the leaver loses that game for a backgammon at the cube (docs/rules.md M6).',
    ActionDto,
  )
  leave(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'leave' }, dto, v);
  }

  @Post('roll')
  @MatchAction(
    'Roll the dice (instead of doubling), or ask for the next opening throw of a money session',
    'roll',
    'The player on turn who may double rolls instead; in a money session between games, asks for the next game’s opening throw.',
    ActionDto,
  )
  roll(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'roll' }, dto, v);
  }

  @Post('plays')
  @MatchAction(
    'Play the dice: checker moves in any legal order, or gnubg text',
    'play',
    'Send one of GET /api/matches/{id}/legal-plays as `moves` (in any order that is legal step by step) or as gnubg `text`, not both; a refused play is 422 with the rule broken.',
  )
  plays(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: SubmitPlayDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'plays', moves: dto.moves, text: dto.text }, dto, v);
  }

  @Post('double')
  @MatchAction(
    'Offer a double (before rolling)',
    'double',
    'The player on turn offers the cube at twice its value before rolling; the opponent must take, drop or (money, with beavers) beaver.',
    ActionDto,
  )
  double(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'double' }, dto, v);
  }

  @Post('take')
  @MatchAction(
    'Take the double',
    'take',
    'The doubled player takes: the cube doubles and passes to them, and the doubler rolls.',
    ActionDto,
  )
  take(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'take' }, dto, v);
  }

  @Post('drop')
  @MatchAction(
    'Drop the double: lose the game at the cube value before it',
    'drop',
    'The doubled player drops: the game ends, scored at the cube value before the double.',
    ActionDto,
  )
  drop(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'drop' }, dto, v);
  }

  @Post('beaver')
  @MatchAction(
    'Take and redouble at once, keeping the cube (money sessions with beavers)',
    'beaver',
    'The doubled player takes and at once redoubles, keeping the cube (money sessions with `beavers`).',
    ActionDto,
  )
  beaver(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'beaver' }, dto, v);
  }

  @Post('resign')
  @MatchAction(
    'Offer to resign the game for 1, 2 or 3 times the cube',
    'resign',
    'The player offers to resign the game for `value` times the cube (1, 2 or 3); the opponent accepts or rejects.',
  )
  resign(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ResignDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resign', value: dto.value }, dto, v);
  }

  @Post('resignation/accept')
  @MatchAction(
    'Accept the resignation on offer',
    'acceptResignation',
    'The opponent accepts the resignation on offer: the game ends, scored at its value.',
    ActionDto,
  )
  acceptResignation(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resignation/accept' }, dto, v);
  }

  @Post('resignation/reject')
  @MatchAction(
    'Reject the resignation on offer: play goes on',
    'rejectResignation',
    'The opponent rejects the resignation on offer: play goes on where it stood.',
    ActionDto,
  )
  rejectResignation(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resignation/reject' }, dto, v);
  }

  @Post('claim-timeout')
  @MatchAction(
    'Claim the match: the player on the clock let the deadline pass',
    'claimTimeout',
    'The opponent of the player on the clock claims the match once that player’s deadline (and time bank) has passed; the claimant wins the match.',
    ActionDto,
  )
  claimTimeout(
    @Param('id', MatchIdPipe) id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'claim-timeout' }, dto, v);
  }
}
