import { useEffect, useState } from 'preact/hooks';
import { ApiProblem, asProblem } from '../../api/problem.js';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../../push/push-subscription.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import '../../ui/common.css';

const SAYS: Record<PushState, string> = {
  unsupported: 'This browser cannot receive notifications from the service.',
  denied: 'Notifications are blocked for this site: allow them in the browser’s site settings first.',
  on: 'This browser shows a notification when you are invited, when it is your turn and before a deadline.',
  off: 'Turn them on to hear of invitations, your turns and deadlines while this page is closed.',
};

/**
 * The browser, or its push service, refused the subscription (no push service reachable, the
 * permission withdrawn meanwhile): said as such, not as a fault of the page.
 */
function browserRefused(error: DOMException): ApiProblem {
  return new ApiProblem(
    0,
    'This browser could not turn notifications on',
    `It answered: ${error.message}. Nothing changed; mail still reaches you once your address is confirmed.`,
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
        {SAYS[state]}
      </p>
      <ProblemMessage problem={problem} />
      {state === 'off' && (
        <p class="button-row">
          <button type="button" disabled={busy} onClick={() => void change(turnPushOn)}>
            Turn on notifications
          </button>
        </p>
      )}
      {state === 'on' && (
        <p class="button-row">
          <button type="button" class="secondary" disabled={busy} onClick={() => void change(turnPushOff)}>
            Turn off notifications
          </button>
        </p>
      )}
    </div>
  );
}
