import { api, call } from '../api/client.js';
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
  useTitle('Leaderboard');
  const list = usePagedList(
    (cursor, limit) => call(api.GET('/api/users', { params: { query: { sort: 'rating', cursor, limit } } })),
    [],
    50,
  );
  return (
    <section>
      <h1>Leaderboard</h1>
      <p class="muted">Players with enough rated matches behind them, by FIBS rating.</p>
      <ProblemMessage problem={list.problem} />
      {list.items === null ? (
        list.loading && <Loading />
      ) : list.items.length === 0 ? (
        <p class="muted">Nobody has played enough rated matches yet.</p>
      ) : (
        <TableScroll label="Leaderboard">
          <table class="leaderboard">
            <caption class="visually-hidden">Players by rating</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Experience</th>
                <th scope="col">Won–lost</th>
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
