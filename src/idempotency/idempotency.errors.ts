import { refusal } from '../common/domain-error.js';

/** The Idempotency-Key header is not 1-255 visible ASCII characters. */
export class InvalidIdempotencyKeyError extends refusal({
  code: 'invalid-idempotency-key',
  kind: 'invalid',
  message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces), given once.',
}) {}

/** The key was used before for a different request (method, path or body). */
export class IdempotencyKeyReusedError extends refusal({
  code: 'idempotency-key-reused',
  kind: 'unprocessable',
  message: 'This Idempotency-Key was used for a different request; use a new key for a new request.',
}) {}

/** The first request made with the key has not finished yet. */
export class IdempotencyKeyInUseError extends refusal({
  code: 'idempotency-key-in-use',
  kind: 'conflict',
  message: 'A request with this Idempotency-Key is still being handled; retry once it has finished.',
}) {}
