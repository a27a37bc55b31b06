import { applyDecorators, type Type } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type as TransformTo } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, ValidateNested } from 'class-validator';

// The optional fields of a request body or query, each one check and its documentation. Each is
// applied in the order of decorators written one above the other (the last written first), so
// that the checks and the documented schema stay what they were when written out by hand.

/** An optional true or false, documented as `doc` says (what it switches, its default). */
export function OptionalFlag(doc: ApiPropertyOptions): PropertyDecorator {
  return applyDecorators(IsBoolean(), IsOptional(), ApiPropertyOptional(doc));
}

/** An optional one of `values` (400 `validation-failed` naming the field otherwise), documented as their enum. */
export function OptionalChoice(values: readonly (string | number)[], doc: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(IsIn(values), IsOptional(), ApiPropertyOptional({ enum: values, ...doc }));
}

/** An optional object of class `type` inside the body, checked field by field as that class says. */
export function OptionalPart(type: Type<unknown>, doc: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(
    TransformTo(() => type),
    ValidateNested(),
    IsOptional(),
    ApiPropertyOptional({ type, ...doc }),
  );
}
