/**
 * One case of the report queue (GET /api/moderation/reports): the player reported and their
 * standing, every filing (reason, text, the match or message named), their recent matches and
 * messages, what moderators did before, the actions to take, and closing the case with a resolution.
 */
import { useState } from 'preact/hooks';
import { moderation, type ModerationLogEntry, type ReportCase as Case } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { REASON_WORDS } from '../../community/report-form.js';
import { t } from '../../i18n/index.js';
import type { Variant } from '../../api/client.js';
import { Link } from '../../ui/link.js';
import { matchKind } from '../../ui/match-labels.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { TimeText } from '../../ui/time-text.js';
import { ActionForm } from './action-form.js';
import { actionWord, ROLE_WORDS } from './moderation-words.js';

export function LogEntries({ entries }: { readonly entries: readonly ModerationLogEntry[] }) {
  if (entries.length === 0) return <p class="muted">{t('moderation.case.noActions')}</p>;
  return (
    <ul class="moderation-history">
      {entries.map((entry) => (
        <li key={entry.id}>
          <strong>{actionWord(entry.action)}</strong>{' '}
          {entry.moderator !== null && (
            <span class="muted">
              {t('moderation.log.by')} <span translate={false}>{entry.moderator}</span>{' '}
            </span>
          )}
          <TimeText at={entry.createdAt} />
          {entry.days !== null && <span class="muted"> {t('moderation.log.days', { count: entry.days })}</span>}
          {entry.reason !== '' && (
            <>
              {': '}
              <q class="user-text">{entry.reason}</q>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function CloseForm({ report, onClosed }: { readonly report: Case; readonly onClosed: (closed: Case) => void }) {
  const [resolution, setResolution] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onClosed(await moderation.close(report.id, resolution.trim()));
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };
  const id = `close-${report.id}`;
  return (
    <form class="close-form" onSubmit={(event) => void submit(event)} noValidate>
      <ProblemMessage problem={problem} />
      <label for={id}>{t('moderation.case.resolution')}</label>
      <textarea id={id} rows={2} value={resolution} onInput={(event) => setResolution(event.currentTarget.value)} />
      <p>
        <button type="submit" class="secondary" disabled={busy || resolution.trim() === ''}>
          {t('moderation.case.close')}
        </button>
      </p>
    </form>
  );
}

export function ReportCase({ report, onChange }: { readonly report: Case; readonly onChange: (next: Case) => void }) {
  const name = report.target.username;
  const [actions, setActions] = useState(report.actions);
  const target = report.target;
  const standing = [
    target.banned ? t('moderation.case.banned') : null,
    target.muted ? t('moderation.case.muted') : null,
    target.renameRequired ? t('moderation.case.renamePending') : null,
    target.closed ? t('moderation.case.accountClosed') : null,
    target.role === 'player' ? null : t(ROLE_WORDS[target.role]),
  ].filter((s) => s !== null);
  return (
    <article class="report-case" data-testid="report-case" data-target={name}>
      <h3>
        <Link href={`/users/${encodeURIComponent(name)}`} translate={false}>
          {name}
        </Link>{' '}
        <span class="muted">
          {t('moderation.case.rating', { rating: Math.round(target.rating) })} ·{' '}
          {t('moderation.case.filings', { count: report.filings.length })} · <TimeText at={report.updatedAt} />
        </span>
        {standing.map((s) => (
          <span key={s} class="badge">
            {s}
          </span>
        ))}
      </h3>
      {report.status === 'closed' && (
        <p class="notice">
          {t('moderation.case.closed')}
          {report.resolution !== null && (
            <>
              {' '}
              <q class="user-text">{report.resolution}</q>
            </>
          )}
        </p>
      )}
      <h4>{t('moderation.case.reports')}</h4>
      <ul class="filings">
        {report.filings.map((filing, index) => (
          <li key={index}>
            <strong>{t(REASON_WORDS[filing.reason])}</strong>{' '}
            <span class="muted">
              {t('moderation.case.by')} <span translate={false}>{filing.reporter}</span> ·{' '}
              <TimeText at={filing.createdAt} />
            </span>
            {filing.matchId !== null && (
              <>
                {' · '}
                <Link href={`/matches/${filing.matchId}`}>{t('moderation.case.theMatch')}</Link>
              </>
            )}
            {filing.messageId !== null && <span class="muted"> · {t('moderation.case.aboutMessage')}</span>}
            {filing.text !== null && filing.text !== '' && <blockquote class="user-text">{filing.text}</blockquote>}
          </li>
        ))}
      </ul>
      {report.recentMatches.length === 0 ? (
        <p class="muted">{t('moderation.case.noMatches')}</p>
      ) : (
        <details>
          <summary>{t('moderation.case.recentMatches', { count: report.recentMatches.length })}</summary>
          <ul>
            {report.recentMatches.map((match) => (
              <li key={match.id}>
                <Link href={`/matches/${match.id}`}>
                  {matchKind({ variant: match.variant as Variant, length: match.length })}
                </Link>
                {match.opponent !== null && (
                  <span class="muted">
                    {' '}
                    {t('moderation.case.against')} <span translate={false}>{match.opponent}</span>
                  </span>
                )}
                {' · '}
                {match.result === 'won'
                  ? t('ui.status.won')
                  : match.result === 'lost'
                    ? t('ui.status.lost')
                    : match.status === 'playing'
                      ? t('ui.status.playing')
                      : t('ui.status.finished')}{' '}
                <span class="muted">
                  <TimeText at={match.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.recentMessages.length === 0 ? (
        <p class="muted">{t('moderation.case.noMessages')}</p>
      ) : (
        <details>
          <summary>{t('moderation.case.recentMessages', { count: report.recentMessages.length })}</summary>
          <ul class="case-messages">
            {report.recentMessages.map((message) => (
              <li key={message.id}>
                <span class="muted">
                  <TimeText at={message.createdAt} /> ·{' '}
                  <Link href={`/matches/${message.matchId}`}>{t('moderation.case.theMatch')}</Link>
                </span>
                :{' '}
                <span class="user-text" translate={false}>
                  {message.text}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <h4>{t('moderation.case.history')}</h4>
      <LogEntries entries={actions} />
      <h4>{t('moderation.case.act', { name })}</h4>
      <ActionForm username={name} id={`case-${report.id}`} onDone={(entry) => setActions([entry, ...actions])} />
      {report.status === 'open' && (
        <>
          <h4>{t('moderation.case.closeHeading')}</h4>
          <CloseForm report={report} onClosed={onChange} />
        </>
      )}
    </article>
  );
}
