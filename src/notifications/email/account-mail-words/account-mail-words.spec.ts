import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '../../../common/languages.js';
import { ACCOUNT_MAIL_WORDS as NOTIFICATION_WORDS } from './account-mail-words.js';
import { messageArguments } from '../../../common/message-arguments.js';

describe('the account mails’ words', () => {
  const english = NOTIFICATION_WORDS.messages('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'in %s: every key, valid ICU, the same arguments, translated',
    (language) => {
      const own = NOTIFICATION_WORDS.messages(language);
      expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(own)) {
        expect({ key, args: [...messageArguments(compileMessageOrThrow(message))].sort() }).toEqual({
          key,
          args: [...messageArguments(compileMessageOrThrow(english[key]))].sort(),
        });
        expect({ key, message }).not.toEqual({ key, message: english[key] });
      }
    },
  );
});
