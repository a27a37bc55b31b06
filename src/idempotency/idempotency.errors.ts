import { DomainError } from '../common/domain-error.js';

/** The Idempotency-Key header is not 1-255 visible ASCII characters. */
export class InvalidIdempotencyKeyError extends DomainError {
  readonly code = 'invalid-idempotency-key';
  readonly kind = 'invalid';
  constructor() {
    super('The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces), given once.');
  }
}

/** The key was used before for a different request (method, path or body). */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency-key-reused';
  readonly kind = 'unprocessable';
  constructor() {
    super('This Idempotency-Key was used for a different request; use a new key for a new request.');
  }
}

/** The first request made with the key has not finished yet. */
export class IdempotencyKeyInUseError extends DomainError {
  readonly code = 'idempotency-key-in-use';
  readonly kind = 'conflict';
  constructor() {
    super('A request with this Idempotency-Key is still being handled; retry once it has finished.');
  }
}
