import { Body, Controller, HttpCode, HttpStatus, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { ApiRoute } from '../common/api-route.decorator.js';
import { BearerAuthGuard, CurrentPrincipal, SignInTokenOnly, type Principal } from '../security/index.js';
import { ChooseUsernameDto } from './dto/choose-username.dto.js';
import { MeDto } from './dto/user-profile.dto.js';
import { UsersService } from './users.service.js';

/** What the player does about a moderator's action on their account: see its warnings, choose a new name (docs/moderation.md). */
@ApiTags('users')
@Controller('api/users/me')
@UseGuards(BearerAuthGuard)
@ApiBearerAuth()
export class AccountModerationController {
  constructor(private readonly users: UsersService) {}

  @Post('warnings/seen')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiRoute({
    summary: 'Mark the moderators’ warnings seen',
    operationId: 'markWarningsSeen',
    description:
      'The warnings shown in GET /api/users/me (`warnings`) up to now are seen: they are shown no more. Warnings ' +
      'stay in the account’s moderation history (GET /api/users/me/moderation).',
    noContent: { description: 'Seen.' },
    problems: [401],
  })
  warningsSeen(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.users.warningsSeen(principal.userId);
  }

  @Put('username')
  @SignInTokenOnly()
  @ApiRoute({
    summary: 'Choose a new username after a moderator’s rename',
    operationId: 'chooseUsername',
    description:
      'Only for an account a moderator renamed (`renameRequired: true` in the token answer and in GET /api/users/me): ' +
      'it chooses its new name, under the rule of registration, not taken and not reserved. Every token issued ' +
      'before ends (they carry the old name): sign in again with the new name. docs/moderation.md, "Rename".',
    ok: { type: MeDto, description: 'The account under its new name.' },
    problems: [
      ...BODY_PROBLEMS,
      401,
      [
        409,
        'The name is taken or reserved, regardless of case (`username-taken`), or no rename is required of the ' +
          'account (`rename-not-required`); nothing changed.',
      ],
    ],
  })
  chooseUsername(@CurrentPrincipal() principal: Principal, @Body() dto: ChooseUsernameDto): Promise<MeDto> {
    return this.users.chooseNewName(principal.userId, dto.username);
  }
}
