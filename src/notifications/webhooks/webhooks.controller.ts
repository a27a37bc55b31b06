import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiProblems } from '../../common/api-problems.decorator.js';
import { RequiresScope, BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { CreateWebhookDto, CreatedWebhookDto, WebhookDeliveryListDto, WebhookListDto } from './dto/webhook.dto.js';
import { WEBHOOK_DELIVERIES_KEPT } from './webhook.channel.js';
import { WEBHOOKS_PER_ACCOUNT, WebhooksService } from './webhooks.service.js';

const NEEDS_WEBHOOKS_SCOPE: [number, string] = [
  403,
  'A personal API token without the `webhooks` scope (`insufficient-scope`, with `scope`).',
];
const NOT_FOUND: [number, string] = [404, 'The account has no webhook with this id (`webhook-not-found`).'];

/** The caller's webhooks (docs/webhooks.md); sign-in tokens, and personal tokens with the `webhooks` scope. */
@ApiTags('notifications')
@UseGuards(BearerAuthGuard)
@RequiresScope('webhooks')
@ApiBearerAuth()
@Controller('api/users/me/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Register a webhook',
    operationId: 'createWebhook',
    description:
      'The events chosen are POSTed to the URL as Standard Webhooks, signed with the secret in this answer (shown ' +
      'only now; docs/webhooks.md). Failed deliveries are retried for about a day and a half; a webhook failing ' +
      `for 3 days is disabled and its owner told by mail. At most ${WEBHOOKS_PER_ACCOUNT} per account.`,
  })
  @ApiCreatedResponse({ type: CreatedWebhookDto, description: 'The webhook, with its secret (shown only now).' })
  @ApiProblems(
    [
      400,
      'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), a URL of the ' +
        'wrong form (`invalid-webhook-url`, with `field`), or a private, loopback, link-local or metadata IP ' +
        'address (`webhook-address-refused`, with `field`); nothing registered.',
    ],
    413,
    415,
    401,
    NEEDS_WEBHOOKS_SCOPE,
    [409, `The account holds ${WEBHOOKS_PER_ACCOUNT} webhooks already (\`too-many-webhooks\`, with \`limit\`).`],
  )
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    return this.webhooks.create(principal.userId, dto);
  }

  @Get()
  @ApiOperation({
    summary: 'The caller’s webhooks, without their secrets',
    operationId: 'listWebhooks',
    description: 'Oldest first, with whether each is enabled, and since when it is failing.',
  })
  @ApiOkResponse({ type: WebhookListDto })
  @ApiProblems(401, NEEDS_WEBHOOKS_SCOPE)
  list(@CurrentPrincipal() principal: Principal): Promise<WebhookListDto> {
    return this.webhooks.list(principal.userId);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove a webhook',
    operationId: 'deleteWebhook',
    description: 'Nothing more is sent to it, retries included.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiProblems(401, NEEDS_WEBHOOKS_SCOPE, NOT_FOUND)
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.webhooks.remove(principal.userId, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'A webhook’s last delivery attempts',
    operationId: 'listWebhookDeliveries',
    description: `Its last ${WEBHOOK_DELIVERIES_KEPT} tries, newest first: what was sent, what it answered, how long it took.`,
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WebhookDeliveryListDto })
  @ApiProblems(401, NEEDS_WEBHOOKS_SCOPE, NOT_FOUND)
  deliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookDeliveryListDto> {
    return this.webhooks.deliveriesOf(principal.userId, id);
  }
}
