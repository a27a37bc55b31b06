import { Body } from '@nestjs/common';
import { AccountRoutes, CurrentPrincipal, type Principal } from '../../security/index.js';
import { CreateWebhookDto, CreatedWebhookDto, WebhookDeliveryListDto, WebhookListDto } from './dto/webhook.dto.js';
import { WEBHOOK_DELIVERIES_KEPT } from './webhook.channel.js';
import { WebhookNotFoundError } from './webhook.errors.js';
import { WEBHOOKS_PER_ACCOUNT, WebhooksService } from './webhooks.service.js';

const routes = new AccountRoutes({
  path: 'webhooks',
  tag: 'notifications',
  scope: 'webhooks',
  refused: [403, 'A personal API token without the `webhooks` scope (`insufficient-scope`, with `scope`).'],
  unknown: {
    problem: [404, 'The account has no webhook with this id (`webhook-not-found`).'],
    error: () => new WebhookNotFoundError(),
  },
});

/** The caller's webhooks (docs/webhooks.md); sign-in tokens, and personal tokens with the `webhooks` scope. */
@routes.controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @routes.create(
    {
      summary: 'Register a webhook',
      operationId: 'createWebhook',
      description:
        'The events chosen are POSTed to the URL as Standard Webhooks, signed with the secret in this answer (shown ' +
        'only now; docs/webhooks.md). Failed deliveries are retried for about a day and a half; a webhook failing ' +
        `for 3 days is disabled and its owner told by mail. At most ${WEBHOOKS_PER_ACCOUNT} per account.`,
    },
    { type: CreatedWebhookDto, description: 'The webhook, with its secret (shown only now).' },
    'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), a URL of the ' +
      'wrong form (`invalid-webhook-url`, with `field`), or a private, loopback, link-local or metadata IP ' +
      'address (`webhook-address-refused`, with `field`); nothing registered.',
    `The account holds ${WEBHOOKS_PER_ACCOUNT} webhooks already (\`too-many-webhooks\`, with \`limit\`).`,
  )
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    return this.webhooks.create(principal.userId, dto);
  }

  @routes.read(
    {
      summary: 'The caller’s webhooks, without their secrets',
      operationId: 'listWebhooks',
      description: 'Oldest first, with whether each is enabled, and since when it is failing.',
    },
    WebhookListDto,
  )
  list(@CurrentPrincipal() principal: Principal): Promise<WebhookListDto> {
    return this.webhooks.list(principal.userId);
  }

  @routes.remove(
    {
      summary: 'Remove a webhook',
      operationId: 'deleteWebhook',
      description: 'Nothing more is sent to it, retries included.',
    },
    'Removed.',
  )
  remove(@CurrentPrincipal() principal: Principal, @routes.id() id: string): Promise<void> {
    return this.webhooks.remove(principal.userId, id);
  }

  @routes.readOne(
    'deliveries',
    {
      summary: 'A webhook’s last delivery attempts',
      operationId: 'listWebhookDeliveries',
      description: `Its last ${WEBHOOK_DELIVERIES_KEPT} tries, newest first: what was sent, what it answered, how long it took.`,
    },
    WebhookDeliveryListDto,
  )
  deliveries(@CurrentPrincipal() principal: Principal, @routes.id() id: string): Promise<WebhookDeliveryListDto> {
    return this.webhooks.deliveriesOf(principal.userId, id);
  }
}
