/** A player's matches (GET /api/users/{username}/matches), newest first, a page at a time; optionally only those against one opponent. */
import { api, call } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { Loading } from '../../ui/loading.js';
import { MatchTable } from '../../ui/match-table.js';
import { Pager } from '../../ui/pager.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { usePagedList } from '../../ui/use-paged-list.js';

interface PlayerMatchesProps {
  readonly username: string;
  readonly opponent?: string;
  readonly caption: string;
}

export function PlayerMatches({ username, opponent, caption }: PlayerMatchesProps) {
  const list = usePagedList(
    (cursor, limit) =>
      call(
        api.GET('/api/users/{username}/matches', {
          params: { path: { username }, query: { opponent, cursor, limit } },
        }),
      ),
    [username, opponent],
  );
  return (
    <>
      <ProblemMessage problem={list.problem} />
      {list.items === null ? (
        list.loading && <Loading what={t('players.matches.loading')} />
      ) : (
        <MatchTable
          matches={list.items}
          viewer={username}
          columns={opponent === undefined ? ['status', 'opponent', 'score', 'created'] : ['status', 'score', 'created']}
          caption={caption}
          empty={t('players.matches.empty')}
        />
      )}
      <Pager list={list} what="matches" />
    </>
  );
}
