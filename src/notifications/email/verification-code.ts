import { createHash, randomInt } from 'node:crypto';

/** No 0/O or 1/I: a code is read off a mail and typed. 32 letters, 5 bits each. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/**
 * A short code for an address's verification, typed where a link cannot be followed (another
 * device): 8 characters, 40 bits. It is good only for the account that asked, while it is signed
 * in, for 24 hours, under the auth routes' per-client limit; guessing one is out of reach there.
 */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code as typed, made comparable: upper case, without spaces or dashes. */
export function normalizedCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** What is stored of a code: the SHA-256 of the account's id and the code (two accounts' codes never collide). */
export function codeHash(userId: string, typed: string): Buffer {
  return createHash('sha256')
    .update(`${userId}:${normalizedCode(typed)}`)
    .digest();
}
