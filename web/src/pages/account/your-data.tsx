/**
 * Everything the service holds about the account, as a JSON file (GET /api/users/me/export: GDPR
 * articles 15 and 20, docs/accounts.md "Your data"), and what moderators have done about the account
 * (GET /api/users/me/moderation).
 */
import { useState } from 'preact/hooks';
import { community, type ModerationLogEntry } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { absoluteTime } from '../../ui/relative-time.js';
import { TimeText } from '../../ui/time-text.js';
import { usePagedList } from '../../ui/use-paged-list.js';
import { actionWord } from '../moderation/moderation-words.js';

export function DownloadData({ username }: { readonly username: string }) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const { file, name } = await community.exportData();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = name ?? `nardy-${username}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <>
      <p>{t('community.export.note')}</p>
      <ProblemMessage problem={problem} />
      <button type="button" class="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? t('community.export.preparing') : t('community.export.download')}
      </button>
    </>
  );
}

export function MyModeration() {
  const list = usePagedList<ModerationLogEntry>((cursor) => community.myModeration(cursor), []);
  if (list.problem !== null) return <ProblemMessage problem={list.problem} />;
  if (list.items === null) return null;
  if (list.items.length === 0) return <p class="muted">{t('community.myModeration.none')}</p>;
  return (
    <ul class="moderation-history">
      {list.items.map((entry) => (
        <li key={entry.id}>
          <strong>{actionWord(entry.action)}</strong> <TimeText at={entry.createdAt} />
          {entry.reason !== '' && (
            <>
              {': '}
              <q class="user-text">{entry.reason}</q>
            </>
          )}
          {entry.endsAt !== null && (
            <span class="muted"> {t('community.myModeration.until', { date: absoluteTime(entry.endsAt) })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
