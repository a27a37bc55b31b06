import { api, call } from '../api/client.js';
import { t } from '../i18n/index.js';
import { ratingText } from '../ui/figures.js';
import { Loading } from '../ui/loading.js';
import { Pager } from '../ui/pager.js';
import { PlayerName } from '../ui/player-name.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { TableScroll } from '../ui/table-scroll.js';
import { usePagedList } from '../ui/use-paged-list.js';
import { useTitle } from '../ui/use-title.js';
import './players/leaderboard.css';

/** The players with rated matches behind them, highest rating first. */
export function LeaderboardPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('players.leaderboard.title'));
  const list = usePagedList(
    (cursor, limit) => call(api.GET('/api/users', { params: { query: { sort: 'rating', cursor, limit } } })),
    [],
    50,
  );
  return (
    <section>
      <h1>{t('players.leaderboard.title')}</h1>
      <p class="muted">{t('players.leaderboard.intro')}</p>
      <ProblemMessage problem={list.problem} />
      {list.items === null ? (
        list.loading && <Loading />
      ) : list.items.length === 0 ? (
        <p class="muted">{t('players.leaderboard.empty')}</p>
      ) : (
        <TableScroll label={t('players.leaderboard.title')}>
          <table class="leaderboard">
            <caption class="visually-hidden">{t('players.leaderboard.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('players.leaderboard.rank')}</th>
                <th scope="col">{t('players.leaderboard.player')}</th>
                <th scope="col">{t('players.leaderboard.rating')}</th>
                <th scope="col">{t('players.leaderboard.experience')}</th>
                <th scope="col">{t('players.leaderboard.wonLost')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((player, index) => (
                <tr key={player.username}>
                  <td>{index + 1}</td>
                  <th scope="row">
                    <PlayerName player={player} />
                  </th>
                  <td>{ratingText(player.rating)}</td>
                  <td>{player.experience}</td>
                  <td>
                    {player.record.matchesWon}–{player.record.matchesLost}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager list={list} what="players" />
    </section>
  );
}
