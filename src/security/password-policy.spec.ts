import { PasswordPolicy } from './password-policy.js';
import { WeakPasswordError } from './security.errors.js';

const policy = new PasswordPolicy();

describe('PasswordPolicy', () => {
  it.each([
    ['a password of the leaks', 'password1'],
    ['one in l33t', 'P@ssw0rd!'],
    ['a keyboard run', 'qwertyuiop'],
    ['digits in a row', '12345678'],
    ['a repeat', 'xxxxxxxx'],
    ['a long repeat', 'y'.repeat(128)],
    ['a common phrase', 'iloveyou2'],
    ['weak in its first 64 characters', 'a'.repeat(64) + 'Zq7#vLp2-rMx9!kT'],
  ])('refuses %s as too easy to guess (%s)', (_, password) => {
    expect(policy.refusal(password, 'zed')).toMatch(/^password is too easy to guess/);
  });

  it.each([
    ['alice', 'alice-in-wonderland-7'],
    ['Alice_1', 'my ALICE1 horse battery'],
    ['bob-smith', 'correct-BOB.SMITH-staple'],
  ])(
    'refuses a password containing the username %s, in any case and with or without separators',
    (username, password) => {
      expect(policy.refusal(password, username)).toBe(
        'password must not contain the username (in any case, with or without separators).',
      );
    },
  );

  it.each([
    'correct horse battery staple',
    'match-client-password',
    'kqzmvbxt-7',
    'second-password',
    'y'.repeat(7) + 'Zq7#vLp2',
  ])('takes %s', (password) => {
    expect(policy.refusal(password, 'alice')).toBeNull();
  });

  it('throws a weak-password error naming the field', () => {
    expect(() => policy.check('password1', 'zed', 'newPassword')).toThrow(WeakPasswordError);
    try {
      policy.check('password1', 'zed', 'newPassword');
    } catch (err) {
      expect(err).toMatchObject({ code: 'weak-password', kind: 'invalid', extensions: { field: 'newPassword' } });
      expect((err as Error).message).toMatch(/^newPassword is too easy to guess/);
    }
  });
});
