import { ValidateBy } from 'class-validator';
import { isMixedScript, unicodeScripts } from 'unicode-script';
import { BIDI_CONTROL } from '../common/person-text.js';
import { reservedLookalike } from './username-lookalikes.js';

/** Usernames: 3-24 characters of a-z, 0-9, _ and -; unique regardless of case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,24}$/;
export const USERNAME_RULE = 'username must be 3-24 characters of a-z, 0-9, _ and - (unique regardless of case)';
/** The whole rule for a new name, as the API's documentation states it. */
export const NEW_USERNAME_RULE =
  '3-24 characters of a-z, 0-9, _ and - (unique regardless of case); not a name that reads as a house bot’s ' +
  '(bot-easy, bot, gnubg: `b0t_easy`, `gnubg-fan`, `my-bot`) or another reserved name by its Unicode confusable ' +
  'skeleton (constraint reserved-username); letters of mixed scripts, bidirectional controls and invisible ' +
  'characters are refused with their own constraint (mixed-scripts, bidi-control, invisible-character)';

/** The key that makes usernames unique case-insensitively. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** Why a name may not be registered: the rule it breaks (the `constraint` of its field error) and what to tell the person. */
export interface UsernameRefusal {
  readonly constraint: 'bidi-control' | 'invisible-character' | 'mixed-scripts' | 'reserved-username' | 'matches';
  readonly message: string;
}

/** Characters that show as nothing (zero-width spaces and joiners, variation selectors, ...). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Scripts that are no script of their own (digits, punctuation, combining marks). */
const NO_SCRIPT = new Set(['Common', 'Inherited']);
/**
 * Longer than this, a name is refused by the character rule before anything else is read: the
 * script and skeleton checks take time in the length (a body may hold a 64 KiB string).
 */
const LONGEST_JUDGED = 64;

/**
 * Why `value` may not be registered as a username, judged on the raw input; null when it may
 * (docs/architecture.md, "Accounts"). The rules run in order and the first broken one is the
 * answer, so that a name that could pass for another is told so, not merely that its characters
 * are not a-z: bidirectional controls, invisible characters, letters of more than one script
 * (UTS #39's mixed-script test), a name that reads as a house bot's or a reserved one by its
 * confusable skeleton, and then the characters and length of USERNAME_PATTERN. Existing accounts
 * are not judged again: the rule is for new names. It is stricter than the policy for the other
 * names people type (src/common/person-text.ts): a-z only, so no control, invisible or NFC
 * question arises, with bidirectional controls (the same class) refused first under the same
 * constraint, `bidi-control`.
 */
export function usernameRefusal(value: unknown): UsernameRefusal | null {
  if (typeof value !== 'string' || value.length > LONGEST_JUDGED)
    return { constraint: 'matches', message: USERNAME_RULE };
  if (BIDI_CONTROL.test(value))
    return {
      constraint: 'bidi-control',
      message: 'username must not contain bidirectional control characters: they make a name show as another',
    };
  if (INVISIBLE.test(value))
    return {
      constraint: 'invisible-character',
      message: 'username must not contain invisible characters (zero-width spaces, joiners and the like)',
    };
  if (isMixedScript(value)) {
    const scripts = [...unicodeScripts(value)]
      .filter((script) => !NO_SCRIPT.has(script))
      .sort()
      .join(', ');
    return {
      constraint: 'mixed-scripts',
      message: `username must not mix letters of different scripts (${scripts}): such a name can pass for another`,
    };
  }
  const lookalike = reservedLookalike(value);
  if (lookalike !== null)
    return {
      constraint: 'reserved-username',
      message: `username reads as "${lookalike}", a name kept for the service and its house bots`,
    };
  if (!USERNAME_PATTERN.test(value)) return { constraint: 'matches', message: USERNAME_RULE };
  return null;
}

/**
 * The username rule as validation decorators: one per constraint, each failing only when its
 * constraint is the first the value breaks, so that a refused name gets one error, the right one.
 */
export function IsNewUsername(): PropertyDecorator {
  const constraints: ReadonlyArray<UsernameRefusal['constraint']> = [
    'bidi-control',
    'invisible-character',
    'mixed-scripts',
    'reserved-username',
    'matches',
  ];
  const decorators = constraints.map((name) =>
    ValidateBy({
      name,
      validator: {
        validate: (value: unknown) => usernameRefusal(value)?.constraint !== name,
        defaultMessage: (args) => usernameRefusal(args?.value)?.message ?? USERNAME_RULE,
      },
    }),
  );
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}
