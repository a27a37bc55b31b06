import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblems } from '../../common/api-problems.decorator.js';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { PushPublicKeyDto } from './dto/push-subscription.dto.js';
import { Vapid } from './vapid.js';

/** The key browsers subscribe to this service's pushes with (docs/web-push.md, "VAPID"); public. */
@ApiTags('notifications')
@ApiPublic()
@Controller('api/push/public-key')
export class PushPublicKeyController {
  constructor(private readonly vapid: Vapid) {}

  @Get()
  @ApiOperation({
    summary: 'The VAPID public key to subscribe with',
    operationId: 'getPushPublicKey',
    description:
      'Pass it as `applicationServerKey` to `pushManager.subscribe` (decoded from base64url), then send the ' +
      'subscription to `POST /api/users/me/push-subscriptions`. It stays the same across restarts and nodes.',
  })
  @ApiOkResponse({ type: PushPublicKeyDto })
  @ApiProblems([400, 'No client error of its own: a path that is not valid percent-encoding (`bad-request`).'])
  publicKey(): PushPublicKeyDto {
    return { publicKey: this.vapid.current.publicKey };
  }
}
