import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional } from 'class-validator';
import { PERSON_TEXT_RULE, PersonText } from '../../common/person-text.js';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../../security/index.js';

const SCOPES_RULE =
  '`read`: the GET endpoints that need a caller (your account, your matches, streams); `play`: creating, joining ' +
  'and acting in matches and importing them, and everything `read` allows; `webhooks`: registering, listing and ' +
  'removing the account’s webhooks. No personal token may manage the ' +
  'account (password, tokens, logging out everywhere, becoming a bot).';

/** A personal API token to make (docs/architecture.md, "Personal API tokens"). */
export class CreateApiTokenDto {
  @ApiProperty({
    example: 'my bot',
    minLength: 1,
    maxLength: 100,
    description: `For you to tell your tokens apart. ${PERSON_TEXT_RULE}`,
  })
  @PersonText({ max: 100 })
  name!: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true, example: ['play'], description: SCOPES_RULE })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(API_TOKEN_SCOPES.length)
  @ArrayUnique()
  @IsIn(API_TOKEN_SCOPES, { each: true })
  scopes!: ApiTokenScope[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    example: '2027-01-01T00:00:00Z',
    description: 'When the token stops working; in the future. Absent or null: it never expires.',
    nullable: true,
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}

/** A personal API token as listed: never its value. */
export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'my bot' })
  name!: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true, example: ['play'] })
  scopes!: ApiTokenScope[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Null: never expires.' })
  expiresAt!: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'The last request made with it, to the minute; null if never used.',
  })
  lastUsedAt!: string | null;
}

/** A personal API token just made: its value, shown this once. */
export class CreatedApiTokenDto extends ApiTokenDto {
  @ApiProperty({
    example: 'nardy_pat_3q2-7wZQb5yX0d1mU9yK2x8sV6hJ4gT1cN0pL5aR7eM',
    description:
      'The token: send it as `Authorization: Bearer <token>`. Shown only now; only its hash is stored, so it ' +
      'cannot be shown again.',
  })
  token!: string;
}

/** The caller's personal API tokens, oldest first. */
export class ApiTokenListDto {
  @ApiProperty({ type: [ApiTokenDto] })
  items!: ApiTokenDto[];
}
