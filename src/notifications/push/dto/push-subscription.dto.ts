import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** The subscription's keys, as PushSubscription.toJSON() gives them (RFC 8291). */
export class PushSubscriptionKeysDto {
  @ApiProperty({
    example: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    description: 'The browser’s P-256 public key: base64url of the 65-byte uncompressed point.',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{87}=?$/, { message: 'keys.p256dh must be base64url of 65 bytes' })
  p256dh!: string;

  @ApiProperty({
    example: 'tBHItJI5svbpez7KI4CCXg',
    description: 'The browser’s authentication secret: base64url of 16 bytes.',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{22}(==)?$/, { message: 'keys.auth must be base64url of 16 bytes' })
  auth!: string;
}

/** A browser's push subscription: the JSON of its PushSubscription (docs/web-push.md, "Subscriptions"). */
export class CreatePushSubscriptionDto {
  @ApiProperty({
    example: 'https://fcm.googleapis.com/fcm/send/c1KrmpTuRm0:APA91bE…',
    maxLength: 2048,
    description: 'The push service’s URL for this browser: https (the service calls public addresses only).',
  })
  @IsString()
  @MaxLength(2048)
  endpoint!: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: null,
    description: 'When the subscription ends, in milliseconds since 1970, as the browser says; usually null.',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(8_640_000_000_000_000) // the last time a Date holds
  expirationTime?: number | null;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;
}

/** A kept subscription. */
export class PushSubscriptionIdDto {
  @ApiProperty({ format: 'uuid', description: 'The subscription’s id, for turning it off (DELETE).' })
  id!: string;
}

/** The key browsers subscribe with. */
export class PushPublicKeyDto {
  @ApiProperty({
    example: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    description:
      'The service’s VAPID public key (RFC 8292), base64url of the 65-byte uncompressed P-256 point: the ' +
      '`applicationServerKey` of `pushManager.subscribe`.',
  })
  publicKey!: string;
}
