import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { BearerAuthGuard } from '../security/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../security/principal.js';
import { ActionDto } from './dto/action.dto.js';
import { JoinDto } from './dto/join.dto.js';
import { MatchStateDto } from './dto/match-state.dto.js';
import { ResignDto } from './dto/resign.dto.js';
import { SubmitPlayDto } from './dto/submit-play.dto.js';
import { IfMatchVersion } from './if-match.decorator.js';
import type { MatchAction } from './match-action.js';
import { MatchActionsService } from './match-actions.service.js';
import type { MatchView } from './match-view.js';

const ACTION_PROBLEMS: Array<number | [number, string]> = [
  ...BODY_PROBLEMS,
  401,
  [403, 'The caller is not a player of this match (`not-a-player`).'],
  [404, 'No such match (`match-not-found`).'],
  [
    409,
    'Someone else must act (`not-your-turn`), the rules do not allow it now (`action-not-allowed`, with the engine’s `reason`), ' +
      'or the match moved on (`version-conflict`, with `currentVersion`).',
  ],
  [422, 'The play breaks a rule (`illegal-play`, with the validator’s `reason`), or an Idempotency-Key was reused.'],
];

/** One decorator set per action: bearer auth, Idempotency-Key, If-Match, the state as the answer. */
function MatchAction(summary: string, operationId: string): MethodDecorator {
  return (target, key, descriptor) => {
    HttpCode(HttpStatus.OK)(target, key, descriptor);
    ApiOperation({ summary, operationId })(target, key, descriptor);
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
  @MatchAction('Take the free seat of an invitation or open challenge', 'joinMatch')
  join(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: JoinDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'join', clientSeed: dto.clientSeed }, dto, v);
  }

  @Post('decline')
  @MatchAction('Decline an invitation', 'declineMatch')
  decline(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'decline' }, dto, v);
  }

  @Post('abort')
  @MatchAction('Withdraw the match before its first throw (docs/rules.md M6)', 'abortMatch')
  abort(
    @Param('id') id: string,
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
  )
  leave(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'leave' }, dto, v);
  }

  @Post('roll')
  @MatchAction('Roll the dice (instead of doubling), or ask for the next opening throw of a money session', 'roll')
  roll(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'roll' }, dto, v);
  }

  @Post('plays')
  @MatchAction('Play the dice: checker moves in any legal order, or gnubg text', 'play')
  plays(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: SubmitPlayDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'plays', moves: dto.moves, text: dto.text }, dto, v);
  }

  @Post('double')
  @MatchAction('Offer a double (before rolling)', 'double')
  double(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'double' }, dto, v);
  }

  @Post('take')
  @MatchAction('Take the double', 'take')
  take(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'take' }, dto, v);
  }

  @Post('drop')
  @MatchAction('Drop the double: lose the game at the cube value before it', 'drop')
  drop(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'drop' }, dto, v);
  }

  @Post('beaver')
  @MatchAction('Take and redouble at once, keeping the cube (money sessions with beavers)', 'beaver')
  beaver(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ) {
    return this.run(id, p, { name: 'beaver' }, dto, v);
  }

  @Post('resign')
  @MatchAction('Offer to resign the game for 1, 2 or 3 times the cube', 'resign')
  resign(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ResignDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resign', value: dto.value }, dto, v);
  }

  @Post('resignation/accept')
  @MatchAction('Accept the resignation on offer', 'acceptResignation')
  acceptResignation(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resignation/accept' }, dto, v);
  }

  @Post('resignation/reject')
  @MatchAction('Reject the resignation on offer: play goes on', 'rejectResignation')
  rejectResignation(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'resignation/reject' }, dto, v);
  }

  @Post('claim-timeout')
  @MatchAction('Claim the match: the player on the clock let the deadline pass', 'claimTimeout')
  claimTimeout(
    @Param('id') id: string,
    @CurrentPrincipal() p: Principal,
    @Body() dto: ActionDto,
    @IfMatchVersion() v: number | null,
  ): Promise<MatchView> {
    return this.run(id, p, { name: 'claim-timeout' }, dto, v);
  }
}
