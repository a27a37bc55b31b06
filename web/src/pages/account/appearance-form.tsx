/** How the client looks and sounds in this browser: light, dark or the system's, and a sound when the opponent plays. */
import { setSoundOn, useSoundOn } from '../../sound.js';
import { chooseTheme, useTheme, type Theme } from '../../theme.js';

const THEMES: readonly (readonly [Theme, string])[] = [
  ['system', 'As the system is set'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

export function AppearanceForm() {
  const theme = useTheme();
  const sound = useSoundOn();
  return (
    <div class="appearance">
      <fieldset>
        <legend>Colours</legend>
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
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label class="choice">
        <input type="checkbox" checked={sound} onChange={(event) => setSoundOn(event.currentTarget.checked)} /> A sound
        when the opponent plays (this browser)
      </label>
    </div>
  );
}
