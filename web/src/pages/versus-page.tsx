import { api, call } from '../api/client.js';
import { PlayerMatches } from './players/player-matches.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { TimeText } from '../ui/time-text.js';
import { useRequest } from '../ui/use-request.js';
import { useTitle } from '../ui/use-title.js';
import '../ui/common.css';

const userPath = (name: string): string => `/users/${encodeURIComponent(name)}`;

/** Two players' record against each other, and their matches. */
export function VersusPage({ params }: { readonly params: Record<string, string> }) {
  const { username, opponent } = params;
  useTitle(`${username} vs ${opponent}`);
  const versus = useRequest(
    () => call(api.GET('/api/users/{username}/versus/{opponent}', { params: { path: { username, opponent } } })),
    [username, opponent],
  );
  const record = versus.data;
  return (
    <section>
      <h1>
        {record?.player ?? username} vs {record?.opponent ?? opponent}
      </h1>
      <p>
        <Link href={userPath(username)}>{username}’s profile</Link> ·{' '}
        <Link href={userPath(opponent)}>{opponent}’s profile</Link> ·{' '}
        <Link href={`${userPath(opponent)}/versus/${encodeURIComponent(username)}`}>Seen from {opponent}</Link>
      </p>
      <ProblemMessage problem={versus.problem} />
      {record === null ? (
        versus.loading && <Loading />
      ) : (
        <>
          <h2>Record</h2>
          <dl class="stats">
            <div>
              <dt>Matches played</dt>
              <dd>{record.matchesPlayed}</dd>
            </div>
            <div>
              <dt>Won by {record.player}</dt>
              <dd>{record.matchesWon}</dd>
            </div>
            <div>
              <dt>Won by {record.opponent}</dt>
              <dd>{record.matchesLost}</dd>
            </div>
            <div>
              <dt>Points</dt>
              <dd>
                {record.pointsWon}–{record.pointsLost}
              </dd>
            </div>
            <div>
              <dt>Last finished</dt>
              <dd>{record.lastFinishedAt === null ? 'Never' : <TimeText at={record.lastFinishedAt} />}</dd>
            </div>
          </dl>
          <h2>Their matches</h2>
          <PlayerMatches
            username={record.player}
            opponent={record.opponent}
            caption={`Matches of ${record.player} against ${record.opponent}`}
          />
        </>
      )}
    </section>
  );
}
