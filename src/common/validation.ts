import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ValidationFailed, type RaisedFieldError } from './http-problems.js';

/**
 * The figures of the rule a field broke, as its decorator gave them (`@Min(1)` → [1],
 * `@Length(8, 128)` → [8, 128]): what a translated field message needs besides the rule's name.
 */
function ruleValues(target: object | undefined, property: string, constraint: string): readonly unknown[] {
  if (target === undefined) return [];
  const rules = getMetadataStorage().getTargetValidationMetadatas(target.constructor, '', true, false);
  const rule = rules.find((r) => r.propertyName === property && r.name === constraint);
  return Array.isArray(rule?.constraints) ? rule.constraints : [];
}

/** Flattens class-validator's nested errors into one entry per field and broken rule. */
export function toFieldErrors(errors: ValidationError[], parent = ''): RaisedFieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([constraint, message]) => ({
      field,
      constraint: constraint === 'whitelistValidation' ? 'unknown-field' : constraint,
      message,
      values: ruleValues(e.target, e.property, constraint),
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
    // The object an error was found in, for the figures of the rule it broke (ruleValues); never sent.
    validationError: { target: true, value: false },
    exceptionFactory: (errors) => new ValidationFailed(toFieldErrors(errors)),
  });
}
