/** How the client looks and sounds in this browser: light, dark or the system's, and a sound when the opponent plays. */
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { setSoundOn, useSoundOn } from '../../sound.js';
import { chooseTheme, useTheme, type Theme } from '../../theme.js';

const THEMES: readonly (readonly [Theme, MessageKey])[] = [
  ['system', 'account.appearance.theme.system'],
  ['light', 'account.appearance.theme.light'],
  ['dark', 'account.appearance.theme.dark'],
];

export function AppearanceForm() {
  const theme = useTheme();
  const sound = useSoundOn();
  return (
    <div class="appearance">
      <fieldset>
        <legend>{t('account.appearance.colours')}</legend>
        <div class="choices">
          {THEMES.map(([value, label]) => (
            <label key={value} class="choice">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => chooseTheme(value)}
              />{' '}
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <label class="choice">
        <input type="checkbox" checked={sound} onChange={(event) => setSoundOn(event.currentTarget.checked)} />{' '}
        {t('account.appearance.sound')}
      </label>
    </div>
  );
}
