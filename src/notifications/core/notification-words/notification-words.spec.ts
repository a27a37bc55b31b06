import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '../../../common/languages.js';
import { NOTIFICATION_WORDS } from './notification-words.js';

/** The argument names of a message, its plural and select branches included. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format !== null && typeof format === 'object')
      for (const [key, branch] of Object.entries(format as Record<string, unknown>))
        if (key !== 'offset' && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, into);
  }
  return into;
}

describe('the notifications’ words', () => {
  const english = NOTIFICATION_WORDS.messages('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'in %s: every key, valid ICU, the same arguments, translated',
    (language) => {
      const own = NOTIFICATION_WORDS.messages(language);
      expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(own)) {
        expect({ key, args: [...argumentsOf(compileMessageOrThrow(message))].sort() }).toEqual({
          key,
          args: [...argumentsOf(compileMessageOrThrow(english[key]))].sort(),
        });
        expect({ key, message }).not.toEqual({ key, message: english[key] });
      }
    },
  );

  it('counts by each language’s plural rules', () => {
    const russian = (count: number) => NOTIFICATION_WORDS.format('ru', 'digest.title', { count }).replace(/\d+/, '#');
    expect(new Set([russian(1), russian(3), russian(5)]).size).toBe(3);
  });
});
