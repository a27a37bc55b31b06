/**
 * Typed refusal of the notation codecs (gnubg Position ID, Match ID, XGID).
 * `code` says which string or value was refused, `message` says why.
 */

export const NOTATION_ERROR_CODES = [
  /** A string that is not a gnubg Position ID (length, alphabet, bits, checker counts). */
  'bad-position-id',
  /** A string that is not a gnubg Match ID (length, alphabet, out-of-range fields). */
  'bad-match-id',
  /** A string that is not an XGID. */
  'bad-xgid',
  /** A Position that cannot be encoded (counts out of range, both sides on one point, ...). */
  'bad-position',
  /** Match ID or XGID fields that cannot be encoded (cube not a power of two, score out of range, ...). */
  'bad-fields',
] as const;

export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];

export class NotationError extends Error {
  override readonly name = 'NotationError';

  constructor(
    readonly code: NotationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
