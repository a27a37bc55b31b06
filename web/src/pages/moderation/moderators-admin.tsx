/** For admins: who moderates (GET /api/moderation/moderators), granting and revoking the role. */
import { useState } from 'preact/hooks';
import { moderation } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { Link } from '../../ui/link.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useRequest } from '../../ui/use-request.js';

export function ModeratorsAdmin() {
  const list = useRequest(() => moderation.moderators(), []);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await task();
      list.reload();
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <div data-testid="moderators-admin">
      <ProblemMessage problem={list.problem ?? problem} />
      {list.data !== null && list.data.length === 0 && <p class="muted">{t('moderation.moderators.none')}</p>}
      <ul class="moderator-list">
        {(list.data ?? []).map((moderator) => (
          <li key={moderator.username}>
            <Link href={`/users/${encodeURIComponent(moderator.username)}`} translate={false}>
              {moderator.username}
            </Link>
            {moderator.role === 'admin' ? (
              <span class="badge">{t('moderation.moderators.admin')}</span>
            ) : (
              <button
                type="button"
                class="secondary small"
                disabled={busy}
                onClick={() => void run(() => moderation.revoke(moderator.username))}
              >
                {t('moderation.moderators.revoke', { name: moderator.username })}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        class="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await moderation.grant(name.trim());
            setName('');
          });
        }}
      >
        <label for="grant-username">{t('moderation.moderators.username')}</label>
        <input
          id="grant-username"
          value={name}
          autoCapitalize="none"
          spellcheck={false}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" disabled={busy || name.trim() === ''}>
          {t('moderation.moderators.grant')}
        </button>
      </form>
    </div>
  );
}
