import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldError } from './problem-details.js';

/**
 * HTTP-layer refusals that are not domain errors (the request itself is
 * unusable). ProblemDetailsFilter renders them; they carry their code.
 */
export class RequestProblem extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail, status);
  }
}

export class ValidationFailed extends RequestProblem {
  constructor(errors: FieldError[], what = 'request') {
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
