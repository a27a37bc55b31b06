import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PushPublicKeyDto } from './dto/push-subscription.dto.js';
import { Vapid } from './vapid.js';

/** The key browsers subscribe to this service's pushes with (docs/web-push.md, "VAPID"); public. */
@ApiTags('notifications')
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
  publicKey(): PushPublicKeyDto {
    return { publicKey: this.vapid.current.publicKey };
  }
}
