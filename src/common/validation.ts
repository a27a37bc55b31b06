import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from './problem-details.js';
import { ValidationFailed } from './http-problems.js';

/** Flattens class-validator's nested errors into one entry per field and broken rule. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([constraint, message]) => ({
      field,
      constraint: constraint === 'whitelistValidation' ? 'unknown-field' : constraint,
      message,
    }));
    return [...own, ...toFieldErrors(e.children ?? [], field)];
  });
}

/** The global pipe: strips nothing silently (unknown fields are refused), transforms to DTO classes. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => new ValidationFailed(toFieldErrors(errors)),
  });
}
