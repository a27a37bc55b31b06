import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { RateLimited } from '../../security/index.js';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto.js';
import { PasswordResetService, RESET_MAILS_PER_HOUR } from './password-reset.service.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** Password reset by mail (docs/email.md, "Password reset"); no sign-in, rate-limited as logins are. */
@ApiTags('auth')
@ApiPublic()
@Controller('api/auth/password-reset')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RateLimited('token')
  @ApiRoute({
    summary: 'Ask for a password reset mail',
    operationId: 'requestPasswordReset',
    description:
      'Give `username` or `email`. When the account has a verified address, a mail goes to it with a link ' +
      '(`/reset-password#token=…`: the token in the fragment, which no request carries) good once for an hour. The answer is always 202 and says nothing of whether ' +
      `the account or its address exist. At most ${RESET_MAILS_PER_HOUR} reset mails an hour go to an account or ` +
      'an address; more requests get 202 and no mail. Rate-limited per client address too.',
    accepted: { description: 'If the account has a verified address, a mail is on its way.' },
    problems: [
      [400, 'Neither a username nor an e-mail address, or another invalid request (`validation-failed`, ...).'],
      ...BODY_PROBLEMS.slice(1),
      429,
    ],
  })
  ask(@Body() dto: PasswordResetRequestDto): Promise<void> {
    return this.resets.ask(dto);
  }

  @Post('confirm')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimited('token')
  @ApiRoute({
    summary: 'Set a new password with the token of a reset mail',
    operationId: 'confirmPasswordReset',
    description:
      'The new password is held to the same rule as at registration. Every token of the account issued before ' +
      'ends, as logging out everywhere does: bearer and refresh tokens (personal API tokens stay); log in with ' +
      'the new password. The token works once.',
    noContent: { description: 'The password is set.' },
    problems: [
      [
        400,
        'A token that is unknown, expired or used (`invalid-token`, with `field`), a weak new password ' +
          '(`weak-password`, with `field`; the token stays good), or an invalid request (`validation-failed`, ...).',
      ],
      ...BODY_PROBLEMS.slice(1),
      429,
    ],
  })
  confirm(@Body() dto: PasswordResetConfirmDto): Promise<void> {
    return this.resets.confirm(dto.token, dto.newPassword);
  }
}
