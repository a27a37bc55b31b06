import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Prefix of every problem `type` URI; the code follows it. */
export const PROBLEM_TYPE_PREFIX = 'urn:nardy:problem:';

export class FieldError {
  @ApiProperty({ example: 'username', description: 'Path of the offending field (dotted for nested fields).' })
  field!: string;

  @ApiProperty({ example: 'matches', description: 'The rule the field broke.' })
  constraint!: string;

  @ApiProperty({ example: 'username must be 3-24 characters of a-z, 0-9, _ and -' })
  message!: string;
}

/** An error response (RFC 9457 problem details) with the service's stable `code`. */
export class ProblemDetails {
  @ApiProperty({
    example: 'urn:nardy:problem:validation-failed',
    description: 'URI identifying the problem type: the prefix urn:nardy:problem: and the code.',
  })
  type!: string;

  @ApiProperty({ example: 'Validation failed' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'The request has 1 invalid field.' })
  detail!: string;

  @ApiProperty({ example: 'validation-failed', description: 'Stable machine-readable code; clients switch on it.' })
  code!: string;

  @ApiPropertyOptional({ example: '/api/users' })
  instance?: string;

  @ApiPropertyOptional({
    example: '0f7c2a1e-8d1b-4a53-9f4e-2b7f5c3d9a10',
    description: 'The request id (also in the X-Request-Id header and the logs).',
  })
  requestId?: string;

  @ApiPropertyOptional({ type: [FieldError], description: 'For validation-failed: each failing field.' })
  errors?: FieldError[];
}
