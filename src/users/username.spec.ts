import { USERNAME_RULE, usernameRefusal } from './username.js';

describe('usernameRefusal', () => {
  it.each([
    ['bot_easy', 'bot-easy'],
    ['bot-easy-', 'bot-easy'],
    ['B0T-EASY', 'bot-easy'],
    ['boteasy2', 'bot-easy'],
    ['GNUBG', 'gnubg'],
    ['gnubg_fan', 'gnubg'],
    ['the-gnubg', 'gnubg'],
    ['ɡnubɡ', 'gnubg'],
    ['ｇｎｕｂｇ', 'gnubg'],
    ['bot', 'bot'],
    ['b0t', 'bot'],
    ['my_bot', 'bot'],
    ['bot-7', 'bot'],
    ['Admin', 'admin'],
    ['rnoderator', 'moderator'],
    ['r00t', 'root'],
  ])('refuses %s as reading as %s, before the character rule', (name, reserved) => {
    expect(usernameRefusal(name)).toEqual({
      constraint: 'reserved-username',
      message: `username reads as "${reserved}", a name kept for the service and its house bots`,
    });
  });

  it.each(['alice', 'Alice_1', 'robot', 'bottle', 'abbot', 'latebot', 'robo', 'gnu', 'z'.repeat(24), 'nardybot'])(
    'takes %s',
    (name) => {
      expect(usernameRefusal(name)).toBeNull();
    },
  );

  it('refuses letters of two scripts by name, whatever else is wrong', () => {
    // A Cyrillic о in a Latin name.
    expect(usernameRefusal('b\u043et')).toEqual({
      constraint: 'mixed-scripts',
      message: 'username must not mix letters of different scripts (Cyrillic, Latin): such a name can pass for another',
    });
  });

  it.each([
    ['a right-to-left override', 'alice\u202Egnp'],
    ['a right-to-left mark', 'alice\u200F'],
    ['a right-to-left isolate', '\u2067bob\u2069'],
  ])('refuses %s as a bidirectional control', (_, name) => {
    expect(usernameRefusal(name)?.constraint).toBe('bidi-control');
  });

  it('refuses a zero-width space as an invisible character', () => {
    expect(usernameRefusal('al\u200Bice')?.constraint).toBe('invisible-character');
  });

  it.each(['ab', 'al ice!', 'a'.repeat(25), 'алиса', 42])('refuses %s by the character rule', (name) => {
    expect(usernameRefusal(name)).toEqual({ constraint: 'matches', message: USERNAME_RULE });
  });
});

describe('usernameRefusal on long input', () => {
  it('refuses a name longer than 64 characters by the character rule before reading its scripts', () => {
    // Each digit is of every script (UTS #39's augmented sets): read, 60,000 of them take long.
    expect(usernameRefusal('1'.repeat(60_000))).toEqual({ constraint: 'matches', message: USERNAME_RULE });
    expect(usernameRefusal(`b\u043et${'x'.repeat(62)}`)).toEqual({ constraint: 'matches', message: USERNAME_RULE });
    expect(usernameRefusal(`b\u043et${'x'.repeat(61)}`)?.constraint).toBe('mixed-scripts');
  });
});
