/**
 * A moderator's action on a player (POST /api/moderation/users/{username}/{action}): the action, the
 * reason the player and the log will read, and for a mute or ban the days until it lifts itself
 * (none: until lifted). A ban, a rename and marking a cheater are confirmed first.
 */
import { useState } from 'preact/hooks';
import { MODERATION_ACTIONS, moderation, type ModerationAction, type ModerationLogEntry } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { actionWord, DESTRUCTIVE, TIMED } from './moderation-words.js';

interface ActionFormProps {
  readonly username: string;
  /** A key for the fields' ids: the case's id. */
  readonly id: string;
  readonly onDone: (entry: ModerationLogEntry) => void;
}

export function ActionForm({ username, id, onDone }: ActionFormProps) {
  const [action, setAction] = useState<ModerationAction>('warn');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const dayCount = TIMED.has(action) && days.trim() !== '' ? Number(days) : undefined;

  const perform = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const entry = await moderation.act(username, action, reason.trim(), dayCount);
      setDone(t('moderation.actionForm.done', { action: actionWord(action), name: username }));
      setReason('');
      setDays('');
      setConfirming(false);
      onDone(entry);
    } catch (error) {
      setProblem(asProblem(error));
      setConfirming(false);
    }
    setBusy(false);
  };

  const submit = (event: Event): void => {
    event.preventDefault();
    setDone(null);
    if (DESTRUCTIVE.has(action) && !confirming) setConfirming(true);
    else void perform();
  };

  return (
    <form class="action-form" onSubmit={submit} noValidate data-testid="action-form">
      <ProblemMessage problem={problem} />
      {done !== null && (
        <p class="notice" role="status">
          {done}
        </p>
      )}
      <div class="action-fields">
        <SelectField
          id={`${id}-action`}
          label={t('moderation.actionForm.action')}
          field="action"
          problem={problem}
          value={action}
          options={MODERATION_ACTIONS.map((a) => [a, actionWord(a)] as const)}
          onChange={(value) => {
            setAction(value);
            setConfirming(false);
          }}
        />
        {TIMED.has(action) && (
          <TextField
            id={`${id}-days`}
            label={t('moderation.actionForm.days')}
            hint={t('moderation.actionForm.daysHint')}
            field="days"
            problem={problem}
            type="number"
            min={1}
            value={days}
            onInput={setDays}
          />
        )}
      </div>
      <TextField
        id={`${id}-reason`}
        label={t('moderation.actionForm.reason')}
        hint={t('moderation.actionForm.reasonHint')}
        field="reason"
        problem={problem}
        required
        value={reason}
        onInput={setReason}
      />
      {confirming ? (
        <div class="confirm standing-box" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            <strong>
              {dayCount === undefined
                ? t('moderation.actionForm.confirm', { action: actionWord(action), name: username })
                : t('moderation.actionForm.confirmDays', {
                    action: actionWord(action),
                    name: username,
                    days: dayCount,
                  })}
            </strong>
          </p>
          {action === 'mark-cheater' && <p>{t('moderation.actionForm.refundNote')}</p>}
          <p class="button-row">
            <button type="button" class="danger" disabled={busy} onClick={() => void perform()}>
              {t('moderation.actionForm.confirmButton', { action: actionWord(action) })}
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              {t('moderation.actionForm.cancel')}
            </button>
          </p>
        </div>
      ) : (
        <button type="submit" disabled={busy || reason.trim() === ''}>
          {t('moderation.actionForm.submit', { action: actionWord(action), name: username })}
        </button>
      )}
    </form>
  );
}
