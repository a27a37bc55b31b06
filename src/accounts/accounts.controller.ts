import { Body, Controller, Delete, HttpCode, HttpStatus, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../common/api-route.decorator.js';
import { BearerAuthGuard, CurrentPrincipal, RateLimited, SignInTokenOnly, type Principal } from '../security/index.js';
import { AccountClosing } from './account-closing.js';
import { CloseAccountDto } from './dto/close-account.dto.js';

@ApiTags('users')
@Controller('api/users')
export class AccountsController {
  constructor(private readonly closing: AccountClosing) {}

  @Delete('me')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimited('token')
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'Close the caller’s account',
    operationId: 'closeAccount',
    description:
      'Needs the password, and a sign-in token (not a personal API token). Every token of the account ends on every ' +
      'instance; its open challenges and invitations are withdrawn, invitations to it declined, its matches under way ' +
      'left (a forfeit, as `leave`), its entries in tournaments not started withdrawn; its e-mail address, push ' +
      'subscriptions, webhooks and personal API tokens are deleted. Sign-in is refused from then on (401), the ' +
      'profile answers 410 `account-closed`, and the name stays reserved: nobody can register it. The finished ' +
      'matches stay in the other players’ histories. Take your data first: GET /api/users/me/export. ' +
      'Rate-limited like POST /api/auth/token.',
    noContent: { description: 'Closed.' },
    problems: [
      [
        400,
        'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`); nothing changed.',
      ],
      413,
      415,
      401,
      [403, 'The password is wrong (`wrong-password`), or the token is a personal API token; nothing changed.'],
      429,
    ],
  })
  close(@CurrentPrincipal() principal: Principal, @Body() dto: CloseAccountDto): Promise<void> {
    return this.closing.close(principal.userId, dto.password);
  }
}
