import { createHash, randomBytes } from 'node:crypto';

/** How a personal API token's value starts: the bearer guard tells it from a sign-in token (a JWT) by it. */
export const API_TOKEN_PREFIX = 'nardy_pat_';

/** `Authorization: Bearer nardy_pat_<43 base64url characters>`; the scheme is case-insensitive (RFC 7235). */
export const API_TOKEN_CREDENTIALS = /^Bearer +(nardy_pat_[A-Za-z0-9_-]{43})$/i;

/** A new token's value: the prefix and 32 random bytes (256 bits), base64url. */
export function newApiTokenValue(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * What is stored of a token's value: its SHA-256. A value of 256 random bits
 * cannot be guessed from its hash, so a slow password hash (argon2) would add
 * nothing but work on every request (docs/architecture.md, "Personal API tokens").
 */
export function apiTokenHash(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
