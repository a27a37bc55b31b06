/**
 * The language switch in the header: each language named in its own words. The choice is kept on
 * this device and, for a signed-in person, on the account (`PATCH /api/users/me`), which also sets
 * the language of the API's messages and mails to them.
 */
import { api, call } from '../api/client.js';
import { chooseLanguage, isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES, t, useLanguage } from '../i18n/index.js';
import { useSession } from '../session.js';

export function LanguageSwitch() {
  const language = useLanguage();
  const session = useSession();
  const choose = async (value: string): Promise<void> => {
    if (!isLanguage(value)) return;
    await chooseLanguage(value);
    if (session !== null)
      await call(api.PATCH('/api/users/me', { body: { language: value satisfies Language } })).catch(() => undefined);
  };
  return (
    <label class="language-switch">
      <span class="visually-hidden">{t('common.language')}</span>
      <select value={language} onChange={(event) => void choose(event.currentTarget.value)}>
        {language === 'pseudo' && <option value="pseudo">{t('common.language')}</option>}
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code} translate={false}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
