import { Body, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { AccountRoutes, CurrentPrincipal, type Principal, RateLimited } from '../../security/index.js';
import { EmailAddressDto, SetEmailDto, VerifyEmailDto } from './dto/email-address.dto.js';
import { EmailAddressService, VERIFICATION_MAILS_PER_HOUR } from './email-address.service.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

const routes = new AccountRoutes({
  path: 'email',
  tag: 'users',
  scope: null,
  refused: [
    403,
    'A personal API token may not see or change the account’s address (`insufficient-scope`, with `scope: null`).',
  ],
});

/** The caller's e-mail address (docs/email.md, "Addresses"); sign-in tokens only, as the account's own data. */
@routes.controller()
export class EmailAddressController {
  constructor(private readonly addresses: EmailAddressService) {}

  @routes.read(
    {
      summary: 'The caller’s e-mail address, and whether it is verified',
      operationId: 'getEmail',
      description: 'The verified address (mail goes only there), and an address asked for and not verified yet.',
    },
    EmailAddressDto,
  )
  get(@CurrentPrincipal() principal: Principal): Promise<EmailAddressDto> {
    return this.addresses.state(principal.userId);
  }

  @Put()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiRoute({
    summary: 'Ask to use an e-mail address: a verification mail goes to it',
    operationId: 'setEmail',
    description:
      'Mails the address a link (`/verify-email#token=…`: the token in the fragment, which no request carries) and a short code, good once for 24 hours: POST either ' +
      'to /api/users/me/email/verify. Until then the verified address, if any, stays. Asking again ends the ' +
      `earlier mail’s token. At most ${VERIFICATION_MAILS_PER_HOUR} verification mails an hour. The answer is ` +
      'the same whether another account uses the address or not.',
    accepted: { description: 'The verification mail is on its way.' },
    problems: [
      [
        400,
        'Not an e-mail address, or another invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, ' +
          '`invalid-utf8`); nothing sent.',
      ],
      ...BODY_PROBLEMS.slice(1),
      401,
      routes.refused,
      [
        429,
        `More than ${VERIFICATION_MAILS_PER_HOUR} verification mails in an hour (\`too-many-mails\`); see Retry-After.`,
      ],
    ],
  })
  ask(@CurrentPrincipal() principal: Principal, @Body() dto: SetEmailDto): Promise<void> {
    return this.addresses.ask(principal.userId, dto.email);
  }

  @Post('verify')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimited('token')
  @ApiRoute({
    summary: 'Verify the address asked for, with the token or code from its mail',
    operationId: 'verifyEmail',
    description:
      'The address becomes the account’s: mail goes to it from now on. The address it replaces gets a mail ' +
      'saying so. Another account that had verified the same address loses it (the mailbox’s owner proved ' +
      'control just now). Rate-limited per client address, as logins are.',
    noContent: { description: 'Verified.' },
    problems: [
      [
        400,
        'A token or code that is unknown, expired, used already or another account’s (`invalid-token`, with ' +
          '`field`), or an invalid request (`validation-failed`, `malformed-json`, ...).',
      ],
      ...BODY_PROBLEMS.slice(1),
      401,
      routes.refused,
      429,
    ],
  })
  verify(@CurrentPrincipal() principal: Principal, @Body() dto: VerifyEmailDto): Promise<void> {
    return this.addresses.verify(principal.userId, dto.token);
  }

  @routes.remove(
    {
      summary: 'Remove the caller’s e-mail address',
      operationId: 'removeEmail',
      description: 'No more mail goes to it, notifications and password resets included. Removing none is no error.',
    },
    'Removed (or there was none).',
  )
  remove(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.addresses.remove(principal.userId);
  }
}
