/** The moderators' log (GET /api/moderation/log), append-only: every action, newest first, for one player if asked. */
import { useState } from 'preact/hooks';
import { moderation, type ModerationLogEntry } from '../../api/community.js';
import { t } from '../../i18n/index.js';
import { Link } from '../../ui/link.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { TimeText } from '../../ui/time-text.js';
import { usePagedList } from '../../ui/use-paged-list.js';
import { actionWord } from './moderation-words.js';

export function ModerationLog() {
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const list = usePagedList<ModerationLogEntry>(
    (cursor) => moderation.log(username === '' ? undefined : username, cursor),
    [username],
  );
  return (
    <div data-testid="moderation-log">
      <form
        class="log-filter button-row"
        onSubmit={(event) => {
          event.preventDefault();
          setUsername(typed.trim());
        }}
      >
        <label for="log-username">{t('moderation.log.filter')}</label>
        <input
          id="log-username"
          value={typed}
          autoCapitalize="none"
          spellcheck={false}
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
        <button type="submit" class="secondary">
          {t('moderation.log.show')}
        </button>
      </form>
      <ProblemMessage problem={list.problem} />
      {list.items !== null && list.items.length === 0 && <p class="muted">{t('moderation.log.empty')}</p>}
      {list.items !== null && list.items.length > 0 && (
        <TableScroll label={t('moderation.log.caption')}>
          <table class="moderation-log-table">
            <caption class="visually-hidden">{t('moderation.log.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('moderation.log.when')}</th>
                <th scope="col">{t('moderation.log.action')}</th>
                <th scope="col">{t('moderation.log.player')}</th>
                <th scope="col">{t('moderation.log.moderator')}</th>
                <th scope="col">{t('moderation.log.reason')}</th>
                <th scope="col">{t('moderation.log.ends')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <TimeText at={entry.createdAt} />
                  </td>
                  <td>{actionWord(entry.action)}</td>
                  <td>
                    <Link href={`/users/${encodeURIComponent(entry.target)}`} translate={false}>
                      {entry.target}
                    </Link>
                  </td>
                  <td translate={false}>{entry.moderator ?? '—'}</td>
                  <td class="user-text">{entry.reason}</td>
                  <td>{entry.endsAt === null ? '—' : <TimeText at={entry.endsAt} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.next !== null && (
        <button type="button" class="secondary" disabled={list.loading} onClick={list.more}>
          {t('moderation.log.more')}
        </button>
      )}
    </div>
  );
}
