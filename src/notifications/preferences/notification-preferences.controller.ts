import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { SignInTokenOnly, BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './dto/notification-preferences.dto.js';
import { StoredNotificationPreferences } from './stored-notification-preferences.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

const SIGN_IN_ONLY: [number, string] = [
  403,
  'A personal API token may not change the account’s preferences (`insufficient-scope`, with `scope: null`).',
];

/**
 * The caller's notification preferences (docs/email.md, "Preferences"). Reading them is open to a
 * personal token with `read` (a GET's default); changing them is for sign-in tokens only, as every
 * change to the account is.
 */
@ApiTags('notifications')
@UseGuards(BearerAuthGuard)
@ApiBearerAuth()
@Controller('api/users/me/notifications')
export class NotificationPreferencesController {
  constructor(private readonly preferences: StoredNotificationPreferences) {}

  @Get()
  @ApiRoute({
    summary: 'How each kind of notification reaches the caller',
    operationId: 'getNotificationPreferences',
    description:
      'Per kind (invitation, turn, deadline, finished, tournament, message): e-mail (`immediately`, `digest` or `off`) and ' +
      'web push (on or off). Kinds never changed show the defaults: invitations, turns and deadlines by e-mail at ' +
      'once and by push; finished matches by push only; tournament news in the daily digest and by push.',
    ok: NotificationPreferencesDto,
    problems: [401, [403, 'A personal API token without the `read` scope (`insufficient-scope`).']],
  })
  async get(@CurrentPrincipal() principal: Principal): Promise<NotificationPreferencesDto> {
    return NotificationPreferencesDto.of(await this.preferences.of(principal.userId));
  }

  @Put()
  @SignInTokenOnly()
  @ApiRoute({
    summary: 'Change how kinds of notification reach the caller',
    operationId: 'updateNotificationPreferences',
    description:
      'The same shape as the GET, in part: only the kinds, and the channels of a kind, that are given change. ' +
      'Answers the whole preferences after the change.',
    ok: NotificationPreferencesDto,
    problems: [
      [
        400,
        'Invalid request: an unknown kind or channel (`validation-failed`, `unknown-field`), a value not allowed ' +
          '(`validation-failed`), `malformed-json`, `json-too-deep`, `invalid-utf8`; nothing changed.',
      ],
      ...BODY_PROBLEMS.slice(1),
      401,
      SIGN_IN_ONLY,
    ],
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: UpdateNotificationPreferencesDto,
  ): Promise<NotificationPreferencesDto> {
    return NotificationPreferencesDto.of(await this.preferences.change(principal.userId, dto));
  }
}
