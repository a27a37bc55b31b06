import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * An optional whole number from `minimum` to `maximum` in a query (its text turned into a number
 * first), documented as `doc` says. The checks run in the order they always have: a value outside
 * the range, or not whole, is 400 `validation-failed` naming the field.
 */
export function OptionalInt(minimum: number, maximum: number, doc: ApiPropertyOptions): PropertyDecorator {
  // Applied in the order of decorators written one above the other: the last written first.
  return applyDecorators(
    Max(maximum),
    Min(minimum),
    IsInt(),
    Type(() => Number),
    IsOptional(),
    ApiPropertyOptional(doc),
  );
}
