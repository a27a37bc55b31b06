import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldError } from './problem-details.js';

/**
 * A field a request got wrong, as raised: the problem's field error, and the figures of the rule it
 * broke (`@Min(1)` → [1]), which a message in another language is written with; never sent as such.
 */
export interface RaisedFieldError extends FieldError {
  readonly values?: readonly unknown[];
}

/**
 * HTTP-layer refusals that are not domain errors (the request itself is
 * unusable). ProblemDetailsFilter renders them; they carry their code.
 */
export class RequestProblem extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    detail: string,
    readonly errors?: RaisedFieldError[],
  ) {
    super(detail, status);
  }
}

export class ValidationFailed extends RequestProblem {
  constructor(errors: RaisedFieldError[], what = 'request') {
    super(
      HttpStatus.BAD_REQUEST,
      'validation-failed',
      `The ${what} has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.field).join(', ')}.`,
      errors,
    );
  }
}

export class InvalidParameter extends RequestProblem {
  constructor(name: string, message: string) {
    super(HttpStatus.BAD_REQUEST, 'invalid-parameter', message, [{ field: name, constraint: 'format', message }]);
  }
}
