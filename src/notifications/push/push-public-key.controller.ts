import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiPublic } from '../../common/api-public.decorator.js';
import { PushPublicKeyDto } from './dto/push-subscription.dto.js';
import { Vapid } from './vapid.js';
import { ApiRoute } from '../../common/api-route.decorator.js';

/** The key browsers subscribe to this service's pushes with (docs/web-push.md, "VAPID"); public. */
@ApiTags('notifications')
@ApiPublic()
@Controller('api/push/public-key')
export class PushPublicKeyController {
  constructor(private readonly vapid: Vapid) {}

  @Get()
  @ApiRoute({
    summary: 'The VAPID public key to subscribe with',
    operationId: 'getPushPublicKey',
    description:
      'Pass it as `applicationServerKey` to `pushManager.subscribe` (decoded from base64url), then send the ' +
      'subscription to `POST /api/users/me/push-subscriptions`. It stays the same across restarts and nodes.',
    ok: PushPublicKeyDto,
    problems: [[400, 'No client error of its own: a path that is not valid percent-encoding (`bad-request`).']],
  })
  publicKey(): PushPublicKeyDto {
    return { publicKey: this.vapid.current.publicKey };
  }
}
