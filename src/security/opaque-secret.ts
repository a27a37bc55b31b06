import { createHash, randomBytes } from 'node:crypto';
import { SECRET_PREFIX_FORM } from '../common/log-redaction.js';

/**
 * The service's opaque secrets (personal API tokens, refresh tokens, the tokens of mails' links):
 * a prefix that says what the secret is, then 32 random bytes (256 bits) in base64url. The prefix
 * is of the form `nardy_<kind>_`, which is how the log knows a secret by its shape and redacts it
 * (src/common/log-redaction.ts): a prefix of another form is refused.
 */
export function randomSecret(prefix: string): string {
  if (!SECRET_PREFIX_FORM.test(prefix)) throw new Error(`${prefix} is not of the form nardy_<kind>_`);
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * What is stored of such a secret: its SHA-256. A value of 256 random bits
 * cannot be found from its hash by guessing, so a slow password hash (argon2)
 * would add nothing but work on every use (docs/architecture.md, "Personal API tokens").
 */
export function secretHash(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
