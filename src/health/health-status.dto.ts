import { ApiProperty } from '@nestjs/swagger';

class IndicatorStatusDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';
}

/** @nestjs/terminus's health check result. */
export class HealthStatusDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/IndicatorStatusDto' },
    example: { database: { status: 'up' } },
  })
  info!: Record<string, IndicatorStatusDto>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/IndicatorStatusDto' },
    example: {},
  })
  error!: Record<string, IndicatorStatusDto>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/IndicatorStatusDto' },
    example: { database: { status: 'up' } },
  })
  details!: Record<string, IndicatorStatusDto>;
}

export { IndicatorStatusDto };
