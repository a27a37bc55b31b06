/**
 * Which new passwords are refused (docs/architecture.md, "Accounts"): the most common ones and
 * small changes of them, and any that contain the account's username. "Common" is zxcvbn's
 * judgement (@zxcvbn-ts/core with @zxcvbn-ts/language-common: some 30,000 of the passwords most
 * found in leaks, keyboard runs, repeats, sequences, dates and l33t spellings of them): a password
 * it expects an attacker to find within a million guesses is refused. The rule runs when a
 * password is set (registration, a change, and a reset when there is one), never at login.
 */
import { Injectable } from '@nestjs/common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { WeakPasswordError } from './security.errors.js';

/** The rule, as the API's documentation states it. */
export const PASSWORD_RULE =
  '8-128 characters; not one of the most common passwords or close to one (400 weak-password), and not containing the username';

/** The fewest guesses zxcvbn must expect a password to take: its score 2, beyond a throttled online attack. */
export const MIN_GUESSES = 1e6;

/**
 * The characters zxcvbn judges: the first 64. Its time grows faster than the length (a repetitive
 * 128-character password takes it tens of milliseconds, on the event loop); a password whose first
 * 64 characters take a million guesses takes at least as many whole.
 */
export const JUDGED_LENGTH = 64;

/** Letters and digits only, lower case and in their compatibility forms: how a name is looked for in a password. */
function letters(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

@Injectable()
export class PasswordPolicy {
  /** Built once (its dictionaries take some 40 ms to load). */
  private readonly zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

  /** Why `password` may not be the password of the account named `username`, named as `field`; null when it may. */
  refusal(password: string, username: string, field = 'password'): string | null {
    const name = letters(username);
    if (name.length > 0 && letters(password).includes(name))
      return `${field} must not contain the username (in any case, with or without separators).`;
    if (this.zxcvbn.check(password.slice(0, JUDGED_LENGTH)).guesses < MIN_GUESSES)
      return `${field} is too easy to guess: it is one of the most common passwords or close to one (a common word, name, date, keyboard run or repeat, with a few changes). Use a longer phrase of unrelated words.`;
    return null;
  }

  /** Refuses `password` for the account named `username` with 400 weak-password naming `field`. */
  check(password: string, username: string, field = 'password'): void {
    const refusal = this.refusal(password, username, field);
    if (refusal !== null) throw new WeakPasswordError(refusal, field);
  }
}
