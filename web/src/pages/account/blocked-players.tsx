/** The players this account has blocked (GET /api/users/me/blocks), each with a way to unblock them. */
import { useState } from 'preact/hooks';
import { community, type BlockedPlayer } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { Link } from '../../ui/link.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { TimeText } from '../../ui/time-text.js';
import { usePagedList } from '../../ui/use-paged-list.js';

export function BlockedPlayers() {
  const list = usePagedList<BlockedPlayer>((cursor, limit) => community.blocks(cursor, limit), [], 50);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unblocked, setUnblocked] = useState<ReadonlySet<string>>(new Set());

  const unblock = async (username: string): Promise<void> => {
    setProblem(null);
    try {
      await community.unblock(username);
      setUnblocked(new Set([...unblocked, username]));
    } catch (error) {
      setProblem(asProblem(error));
    }
  };

  const shown = (list.items ?? []).filter((b) => !unblocked.has(b.username));
  return (
    <div data-testid="blocked-players">
      <p class="muted">{t('community.blocks.note')}</p>
      <ProblemMessage problem={list.problem ?? problem} />
      {list.items !== null && shown.length === 0 && <p>{t('community.blocks.none')}</p>}
      {shown.length > 0 && (
        <ul class="blocked-list">
          {shown.map((blocked) => (
            <li key={blocked.username}>
              <Link href={`/users/${encodeURIComponent(blocked.username)}`} translate={false}>
                {blocked.username}
              </Link>{' '}
              <span class="muted">
                <TimeText at={blocked.blockedAt} />
              </span>{' '}
              <button type="button" class="secondary small" onClick={() => void unblock(blocked.username)}>
                {t('community.block.unblock', { name: blocked.username })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.next !== null && (
        <button type="button" class="secondary" disabled={list.loading} onClick={list.more}>
          {t('community.blocks.more')}
        </button>
      )}
    </div>
  );
}
