import { randomSecret, secretHash } from './opaque-secret.js';

/** How a personal API token's value starts: the bearer guard tells it from a sign-in token (a JWT) by it. */
export const API_TOKEN_PREFIX = 'nardy_pat_';

/** `Authorization: Bearer nardy_pat_<43 base64url characters>`; the scheme is case-insensitive (RFC 7235). */
export const API_TOKEN_CREDENTIALS = /^Bearer +(nardy_pat_[A-Za-z0-9_-]{43})$/i;

/** A new token's value: the prefix and 256 random bits (opaque-secret.ts). */
export function newApiTokenValue(): string {
  return randomSecret(API_TOKEN_PREFIX);
}

/** What is stored of a token's value: its SHA-256 (opaque-secret.ts says why that is enough). */
export function apiTokenHash(value: string): Buffer {
  return secretHash(value);
}
