/**
 * How the service plays for the person (PATCH /api/users/me): `autoPlayForced` makes a roll's only
 * legal play at once, so a forced move costs no click (docs/architecture.md, "Web client").
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { setPreference, usePreference } from '../../play-preferences.js';
import { ProblemMessage } from '../../ui/problem-message.js';

export function PlaySettingsForm() {
  const [autoPlayForced, setAutoPlayForced] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const oneClick = usePreference('one-click-moves');
  const autoRoll = usePreference('auto-roll');

  useEffect(() => {
    let current = true;
    call(api.GET('/api/users/me')).then(
      (me) => current && setAutoPlayForced(me.autoPlayForced),
      (error: unknown) => current && setProblem(asProblem(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  const change = async (value: boolean): Promise<void> => {
    setBusy(true);
    setProblem(null);
    setSaved(false);
    try {
      const me = await call(api.PATCH('/api/users/me', { body: { autoPlayForced: value } }));
      setAutoPlayForced(me.autoPlayForced);
      setSaved(true);
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="play-settings">
      <ProblemMessage problem={problem} />
      {autoPlayForced !== null && (
        <label class="choice">
          <input
            type="checkbox"
            checked={autoPlayForced}
            disabled={busy}
            onChange={(event) => void change(event.currentTarget.checked)}
          />{' '}
          {t('account.play.autoPlayForced')}
        </label>
      )}
      <label class="choice">
        <input
          type="checkbox"
          checked={oneClick}
          onChange={(event) => setPreference('one-click-moves', event.currentTarget.checked)}
        />{' '}
        {t('account.play.oneClick')}
      </label>
      <label class="choice">
        <input
          type="checkbox"
          checked={autoRoll}
          onChange={(event) => setPreference('auto-roll', event.currentTarget.checked)}
        />{' '}
        {t('account.play.autoRoll')}
      </label>
      <p class="muted" role="status">
        {saved ? t('account.play.saved') : ''}
      </p>
    </div>
  );
}
