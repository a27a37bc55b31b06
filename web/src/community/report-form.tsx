/**
 * Reporting a player to the moderators (POST /api/reports, docs/community.md "Reports"): a reason,
 * an optional text and, when the report comes from a match or one of its messages, that match or
 * message. The reporter is never named to the player reported.
 */
import { useState } from 'preact/hooks';
import { community, REPORT_REASONS, type ReportReason } from '../api/community.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { t } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';
import { CheckboxField, Field, SelectField } from '../ui/form-field.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { oneLine } from './one-line.js';
import './community.css';

export const REASON_WORDS: Readonly<Record<ReportReason, MessageKey>> = {
  cheating: 'community.reason.cheating',
  abuse: 'community.reason.abuse',
  'offensive-username': 'community.reason.offensiveUsername',
  stalling: 'community.reason.stalling',
  other: 'community.reason.other',
};

const TEXT_LIMIT = 2000;

interface ReportFormProps {
  readonly username: string;
  /** The match the report may name (the page's), and the message it is about, if any. */
  readonly matchId?: string;
  readonly messageId?: string;
  /** A short quote of the message reported, shown for the reporter to check. */
  readonly quote?: string;
  readonly onDone: () => void;
}

export function ReportForm({ username, matchId, messageId, quote, onDone }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason>(messageId === undefined ? 'cheating' : 'abuse');
  const [text, setText] = useState('');
  const [withMatch, setWithMatch] = useState(matchId !== undefined);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const id = `report-${messageId ?? matchId ?? 'player'}`;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      // The text policy refuses line breaks: the paragraphs are kept apart by a space.
      const trimmed = oneLine(text);
      await community.report({
        username,
        reason,
        ...(withMatch && matchId !== undefined ? { matchId } : {}),
        ...(messageId !== undefined ? { messageId } : {}),
        ...(trimmed === '' ? {} : { text: trimmed }),
      });
      setSent(true);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  if (sent)
    return (
      <div class="report-form">
        <p class="notice" role="status">
          {t('community.report.sent', { name: username })}
        </p>
        <button type="button" class="secondary" onClick={onDone}>
          {t('community.report.close')}
        </button>
      </div>
    );

  return (
    <form class="report-form narrow-form" onSubmit={(event) => void submit(event)} noValidate data-testid="report-form">
      <h3>{t('community.report.heading', { name: username })}</h3>
      {quote !== undefined && (
        <blockquote class="user-text" translate={false}>
          {quote}
        </blockquote>
      )}
      <ProblemMessage problem={problem} />
      <SelectField
        id={`${id}-reason`}
        label={t('community.report.reason')}
        field="reason"
        problem={problem}
        value={reason}
        options={REPORT_REASONS.map((r) => [r, t(REASON_WORDS[r])] as const)}
        onChange={setReason}
      />
      <Field
        id={`${id}-text`}
        label={t('community.report.text')}
        field="text"
        problem={problem}
        hint={t('community.report.textHint', { count: TEXT_LIMIT - text.length })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={TEXT_LIMIT}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
        )}
      </Field>
      {matchId !== undefined && messageId === undefined && (
        <CheckboxField
          id={`${id}-match`}
          label={t('community.report.withMatch')}
          field="matchId"
          problem={problem}
          checked={withMatch}
          onChange={setWithMatch}
        />
      )}
      <p class="muted">{t('community.report.private')}</p>
      <p class="button-row">
        <button type="submit" disabled={busy}>
          {t('community.report.submit')}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          {t('community.report.cancel')}
        </button>
      </p>
    </form>
  );
}
