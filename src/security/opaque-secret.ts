import { createHash, randomBytes } from 'node:crypto';

/**
 * The service's opaque secrets (personal API tokens, refresh tokens): a prefix
 * that says what the secret is, then 32 random bytes (256 bits) in base64url.
 */
export function randomSecret(prefix: string): string {
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
