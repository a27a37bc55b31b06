import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Injectable,
  Param,
  Post,
  Query,
  type PipeTransform,
} from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { InvalidParameter } from '../../common/http-problems.js';
import { CurrentPrincipal, type Principal } from '../../security/index.js';
import { UsernameParamPipe } from '../../users/index.js';
import { USER_ACTIONS, type UserAction } from '../moderation-action.js';
import { ModerationLogService } from '../moderation-log.service.js';
import { ModerationService } from '../moderation.service.js';
import { NeedsRole } from '../roles.guard.js';
import { ActionRequestDto } from './dto/action-request.dto.js';
import { LogQueryDto } from './dto/log-query.dto.js';
import { ModerationLogEntryDto, ModerationLogPageDto } from './dto/moderation-entry.dto.js';

/** Validates an `{action}` path parameter: one of USER_ACTIONS. */
@Injectable()
class UserActionPipe implements PipeTransform<string, UserAction> {
  transform(value: string): UserAction {
    const action = USER_ACTIONS.find((known) => known === value);
    if (action === undefined) throw new InvalidParameter('action', `action must be one of ${USER_ACTIONS.join(', ')}`);
    return action;
  }
}

const NOT_A_MODERATOR: [number, string] = [403, 'The caller is neither moderator nor admin (`not-a-moderator`).'];

/** The moderators' actions on accounts and their log (docs/moderation.md). */
@ApiTags('moderation')
@Controller('api/moderation')
@NeedsRole('moderator')
export class ModerationController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly log: ModerationLogService,
  ) {}

  @Post('users/:username/:action')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Act on an account: warn, mute, ban, rename, lift, mark-cheater',
    operationId: 'moderateUser',
    description:
      'Moderators and admins (docs/moderation.md, "Actions"). `warn`: the player sees it on their next page view ' +
      '(GET /api/users/me `warnings`) and as a `warning` event on their stream. `mute`: no match messages. `ban`: ' +
      'sign-in refused (403 `account-banned`), every token of the account ends on every node, its challenges and ' +
      'invitations are withdrawn, its matches under way forfeited as leaving is, its entries in tournaments not ' +
      'started withdrawn. `rename`: the name is reserved for good and replaced by a placeholder; the player chooses ' +
      'a new one at the next sign-in. `lift`: ends the mutes and bans, and the warnings shown. `mark-cheater`: a ban, ' +
      'and each opponent of the last 30 days gets back the rating points lost to the account in rated matches ' +
      '(once). `days` (mute, ban, mark-cheater): it lifts itself after that many days. Nobody acts on their own ' +
      'account, an admin’s or a house bot’s; only an admin on a moderator’s. Each action is logged, and mailed to ' +
      'the account’s verified address in its language (warn, mute, ban, rename).',
    ok: { type: ModerationLogEntryDto, description: 'The action’s entry in the log.' },
    problems: [
      [
        400,
        'Invalid request (`validation-failed`: reason missing, blank or over 2000 characters, days not 1-3650; ' +
          '`days-not-allowed`; `invalid-parameter`: not a username or an action), nothing done.',
      ],
      413,
      415,
      401,
      [
        403,
        'The caller is neither moderator nor admin (`not-a-moderator`), or may not act on this account ' +
          '(`cannot-moderate`); or a personal API token (`insufficient-scope`).',
      ],
      [404, 'No such user (`user-not-found`).'],
    ],
  })
  @ApiParam({ name: 'username', description: 'Case-insensitive.', example: 'alice' })
  @ApiParam({ name: 'action', enum: USER_ACTIONS })
  async act(
    @CurrentPrincipal() principal: Principal,
    @Param('username', UsernameParamPipe) username: string,
    @Param('action', UserActionPipe) action: UserAction,
    @Body() dto: ActionRequestDto,
  ): Promise<ModerationLogEntryDto> {
    return ModerationLogEntryDto.of(await this.moderation.act(principal.userId, username, action, dto));
  }

  @Get('log')
  @ApiRoute({
    summary: 'The moderation log, newest first',
    operationId: 'listModerationLog',
    description:
      'Every action of the moderators and the operator, as appended (the log cannot be changed): who, when, what, ' +
      'why. `username`: only the entries on that account.',
    ok: ModerationLogPageDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`).'],
      401,
      NOT_A_MODERATOR,
      [404, 'No such user (`user-not-found`).'],
    ],
  })
  logPage(@Query() query: LogQueryDto): Promise<ModerationLogPageDto> {
    return this.log.page(query.username ?? null, { cursor: query.cursor, limit: query.limit ?? 20 });
  }
}
