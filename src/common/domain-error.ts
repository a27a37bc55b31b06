/**
 * Base of every error the use cases raise on purpose. Plain classes, no HTTP:
 * `kind` says what sort of refusal it is in the domain's terms, and
 * ProblemDetailsFilter maps kinds to status codes in one place.
 */
export type DomainErrorKind =
  | 'invalid' // the request makes no sense (400)
  | 'unauthenticated' // who is asking is not known (401)
  | 'forbidden' // known, but not allowed (403)
  | 'not-found' // (404)
  | 'conflict' // clashes with the current state (409)
  | 'gone' // was here, and is no more (410)
  | 'unprocessable' // well-formed, but the rules refuse it (422)
  | 'too-many'; // slow down (429)

export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly kind: DomainErrorKind;
  /** Extra members for the problem document (e.g. the current version on a conflict). */
  readonly extensions: Readonly<Record<string, unknown>> = {};
  /** For a `too-many` refusal: when to ask again, sent as the `Retry-After` header. */
  readonly retryAfterSeconds: number | null = null;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A request refused as invalid (400) for one of its fields, named in the problem's `field`. */
export abstract class InvalidFieldError extends DomainError {
  readonly kind = 'invalid';
  override readonly extensions: Readonly<Record<string, unknown>>;
  constructor(message: string, field: string) {
    super(message);
    this.extensions = { field };
  }
}

/** A refusal's code and kind, its text (or what makes it from the constructor's arguments), and its extra members. */
export interface RefusalTerms<C extends string, A extends unknown[]> {
  readonly code: C;
  readonly kind: DomainErrorKind;
  readonly message: string | ((...args: A) => string);
  readonly extensions?: (...args: A) => Record<string, unknown>;
}

/**
 * The base of a refusal declared in one statement, `class XError extends refusal({ code, kind, message }) {}`:
 * `message` is its text, or makes the text from the constructor's arguments, and `extensions`, when
 * given, the problem's extra members from them (docs/architecture.md, "Errors").
 */
export function refusal<const C extends string, A extends unknown[] = []>(terms: RefusalTerms<C, A>) {
  const { code, kind, message, extensions } = terms;
  abstract class Refusal extends DomainError {
    readonly code: C = code;
    readonly kind: DomainErrorKind = kind;
    override readonly extensions: Readonly<Record<string, unknown>>;
    constructor(...args: A) {
      super(typeof message === 'string' ? message : message(...args));
      this.extensions = extensions?.(...args) ?? {};
    }
  }
  return Refusal;
}
