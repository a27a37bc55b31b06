import { useEffect, useState } from 'preact/hooks';
import { ApiProblem, asProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../../push/push-subscription.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import '../../ui/common.css';

const SAYS: Record<PushState, MessageKey> = {
  unsupported: 'account.push.unsupported',
  denied: 'account.push.denied',
  on: 'account.push.on',
  off: 'account.push.off',
};

/**
 * The browser, or its push service, refused the subscription (no push service reachable, the
 * permission withdrawn meanwhile): said as such, not as a fault of the page.
 */
function browserRefused(error: DOMException): ApiProblem {
  return new ApiProblem(
    0,
    t('account.push.refused.title'),
    t('account.push.refused.detail', { answer: error.message }),
    'push-refused-by-browser',
  );
}

/** Web push in this browser (docs/web-push.md): on or off, and why not when it cannot be. */
export function PushNotificationsSwitch() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  useEffect(() => {
    pushState().then(setState, () => setState('off'));
  }, []);

  const change = async (to: () => Promise<PushState>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      setState(await to());
    } catch (error) {
      setProblem(error instanceof DOMException ? browserRefused(error) : asProblem(error));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div class="push-switch">
      <p class="muted" data-push-state={state}>
        {t(SAYS[state])}
      </p>
      <ProblemMessage problem={problem} />
      {state === 'off' && (
        <p class="button-row">
          <button type="button" disabled={busy} onClick={() => void change(turnPushOn)}>
            {t('account.push.turnOn')}
          </button>
        </p>
      )}
      {state === 'on' && (
        <p class="button-row">
          <button type="button" class="secondary" disabled={busy} onClick={() => void change(turnPushOff)}>
            {t('account.push.turnOff')}
          </button>
        </p>
      )}
    </div>
  );
}
