import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { PERSON_TEXT_RULE, PersonText } from '../../../common/person-text.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../webhook-events.js';
import { WEBHOOK_URL_MAX_LENGTH } from '../webhook-url.js';

/** The most characters a webhook's label holds (docs/webhooks.md, "Registering"). */
export const WEBHOOK_LABEL_MAX_LENGTH = 100;

const EVENTS_RULE =
  'The event types delivered to it, at least one, each once: `match.invitation` (you are invited), `match.turn` ' +
  '(your turn), `match.deadline` (your time is running out), `match.finished`, `match.message` (the other player wrote to you); `tournament.open` (entries open ' +
  'near your rating), `tournament.match-ready` (your tournament match is ready), `tournament.advanced` (you went ' +
  'through to the next round), `tournament.finished`.';

/** A webhook to register (docs/webhooks.md, "Registering"). */
export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://bot.example.com/nardy/events',
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    format: 'uri',
    description:
      'Where the events are POSTed: http:// or https://, without user name or password. An IP address must be a ' +
      'public one; a host name is checked at each delivery, once resolved (private, loopback and link-local ' +
      'addresses are refused).',
  })
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX_LENGTH)
  url!: string;

  @ApiProperty({
    enum: WEBHOOK_EVENTS,
    isArray: true,
    example: ['match.invitation', 'match.turn'],
    description: EVENTS_RULE,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENTS, { each: true })
  events!: WebhookEvent[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'my bot',
    minLength: 1,
    maxLength: WEBHOOK_LABEL_MAX_LENGTH,
    description: `Your name for it, to tell your webhooks apart; absent or null: none. ${PERSON_TEXT_RULE}`,
  })
  @IsOptional()
  @PersonText({ max: WEBHOOK_LABEL_MAX_LENGTH })
  label?: string | null;
}

/** A webhook as listed: never its secret. */
export class WebhookDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'https://bot.example.com/nardy/events' })
  url!: string;

  @ApiProperty({ nullable: true, type: String, example: 'my bot', description: 'Your name for it; null if none.' })
  label!: string | null;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['match.invitation', 'match.turn'] })
  events!: WebhookEvent[];

  @ApiProperty({ description: 'False once disabled (3 days of failed deliveries): nothing is sent to it then.' })
  enabled!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Its first failed delivery since its last success; null while it answers.',
  })
  failingSince!: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was disabled; null if not.' })
  disabledAt!: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Why it was disabled; null if not.' })
  disabledReason!: string | null;
}

/** A webhook just registered: its secret, shown this once. */
export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({
    example: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
    description:
      'The signing secret (`whsec_` and the base64 of 32 random bytes): verify each delivery’s ' +
      '`webhook-signature` with it (docs/webhooks.md). Shown only now.',
  })
  secret!: string;
}

/** The caller's webhooks, oldest first. */
export class WebhookListDto {
  @ApiProperty({ type: [WebhookDto] })
  items!: WebhookDto[];
}

/** One try at delivering an event to a webhook. */
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'The event’s `webhook-id`: the same on every try.' })
  messageId!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'match.turn' })
  type!: string;

  @ApiProperty({ example: 1, description: 'Which try it was, from 1.' })
  attempt!: number;

  @ApiProperty({ format: 'date-time' })
  attemptedAt!: string;

  @ApiProperty({
    nullable: true,
    type: Number,
    example: 200,
    description: 'The HTTP status answered; null when there was no answer (refused address, timeout).',
  })
  status!: number | null;

  @ApiProperty({ nullable: true, type: String, description: 'Why it failed, in a line; null when delivered (2xx).' })
  error!: string | null;

  @ApiProperty({ example: 42 })
  durationMs!: number;
}

/** A webhook's last delivery attempts, newest first. */
export class WebhookDeliveryListDto {
  @ApiProperty({ type: [WebhookDeliveryDto] })
  items!: WebhookDeliveryDto[];
}
