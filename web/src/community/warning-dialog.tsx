/**
 * A moderator's warning (docs/moderation.md, "Actions"): shown over whatever page is open, on the
 * next page view or at once from the player stream, until the player says they have read it
 * (POST /api/users/me/warnings/seen).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Warning } from '../api/community.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { t } from '../i18n/index.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { TimeText } from '../ui/time-text.js';
import { acknowledgeWarnings } from './standing.js';
import './community.css';

export function WarningDialog({ warnings }: { readonly warnings: readonly Warning[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const open = warnings.length > 0;

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const acknowledge = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await acknowledgeWarnings();
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <dialog
      ref={dialog}
      class="warning-dialog"
      aria-labelledby="warning-dialog-heading"
      data-testid="warning-dialog"
      // Escape would hide it unread: the warning stays until it is acknowledged.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="warning-dialog-heading">{t('community.warning.heading', { count: warnings.length })}</h2>
      <p>{t('community.warning.lead')}</p>
      <ul class="warning-list">
        {warnings.map((warning) => (
          <li key={warning.id}>
            <q class="user-text">{warning.reason}</q> <TimeText at={warning.createdAt} />
          </li>
        ))}
      </ul>
      <p class="muted">{t('community.warning.note')}</p>
      <ProblemMessage problem={problem} />
      <button type="button" disabled={busy} onClick={() => void acknowledge()}>
        {t('community.warning.acknowledge')}
      </button>
    </dialog>
  );
}
