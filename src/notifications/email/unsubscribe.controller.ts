import { Controller, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { AcceptsBodies } from '../../common/json-body.js';
import { OneClickUnsubscribe } from './one-click-unsubscribe.js';

/** The one-click unsubscribe of the service's mail (RFC 8058; docs/email.md, "Unsubscribing"). */
@ApiTags('notifications')
@ApiPublic()
@Controller('api/notifications/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: OneClickUnsubscribe) {}

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  // Mail clients post the form `List-Unsubscribe=One-Click`; what it says adds nothing to the token.
  @AcceptsBodies({ text: ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'] })
  @ApiRoute({
    summary: 'Stop the mail of one kind (one-click unsubscribe)',
    operationId: 'unsubscribeOneClick',
    description:
      'The URL of a mail’s `List-Unsubscribe` header, POSTed by a mail client (with the body ' +
      '`List-Unsubscribe=One-Click`) or anyone holding it, without signing in: that kind’s e-mail preference ' +
      'of the account becomes `off`. The token names the account and kind and the time it was made, and is ' +
      'signed by the service with a key of the account’s address: it works for UNSUBSCRIBE_LINK_DAYS days ' +
      '(60 by default), and no longer once the account has another address.',
    noContent: { description: 'That kind’s e-mail is off.' },
    problems: [
      [
        400,
        'A token the service did not make, or made for an address the account no longer has ' +
          '(`invalid-unsubscribe-token`); one past its days (`expired-unsubscribe-token`). Nothing changes.',
      ],
      413,
      415,
    ],
  })
  @ApiQuery({ name: 'token', required: true, description: 'From the mail’s List-Unsubscribe URL.' })
  async post(@Query('token') token: unknown): Promise<void> {
    await this.unsubscribe.unsubscribe(typeof token === 'string' ? token : '');
  }
}
