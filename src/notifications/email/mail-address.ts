import { ValidateBy } from 'class-validator';
import { CONTROL_CHARACTER } from '../../common/person-text.js';

/** The rules an e-mail address breaks besides its form (isEmail), as its field error's `constraint`. */
export type MailAddressConstraint = 'control-character' | 'quoted-local-part';

export interface MailAddressRefusal {
  readonly constraint: MailAddressConstraint;
  readonly message: string;
}

/**
 * Why `value` may not be taken as an e-mail address, before its form is judged (docs/email.md,
 * "Addresses"; docs/architecture.md, "Text people type"), or null. RFC 5321 lets a quoted local
 * part (`"a b"@example.com`) hold almost anything, CR and LF among them, and validator's isEmail takes it: such an address was stored, and
 * its mail retried for nothing. No mailbox people use needs quotes, so none is taken, nor any
 * control character anywhere in the address.
 */
export function mailAddressRefusal(value: unknown, field: string): MailAddressRefusal | null {
  if (typeof value !== 'string') return null; // refused as isString
  if (CONTROL_CHARACTER.test(value)) {
    return {
      constraint: 'control-character',
      message: `${field} must not contain control characters (line breaks, tabs and the like)`,
    };
  }
  const at = value.lastIndexOf('@');
  if (value.slice(0, at === -1 ? value.length : at).includes('"')) {
    return {
      constraint: 'quoted-local-part',
      message: `${field} must not quote its part before the @ ("…"@example.com)`,
    };
  }
  return null;
}

/**
 * The rules of mailAddressRefusal on a request's field, each its own validator failing only when it
 * is the first one broken; put with IsEmail, which judges the rest of the form.
 */
export function IsPlainMailAddress(): PropertyDecorator {
  const constraints: readonly MailAddressConstraint[] = ['control-character', 'quoted-local-part'];
  const decorators = constraints.map((name) =>
    ValidateBy({
      name,
      validator: {
        validate: (value: unknown, args) => mailAddressRefusal(value, args?.property ?? '')?.constraint !== name,
        defaultMessage: (args) => mailAddressRefusal(args?.value, args?.property ?? '')?.message ?? '',
      },
    }),
  );
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}
