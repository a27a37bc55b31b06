import { DomainError } from '../common/domain-error.js';

/** A position that is not a legal board (`reason` says what is wrong: wrong-checker-count, shared-point, bad-position-id, …). */
export class InvalidPositionError extends DomainError {
  readonly code = 'invalid-position';
  readonly kind = 'invalid';
  override readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.extensions = { reason };
  }
}
