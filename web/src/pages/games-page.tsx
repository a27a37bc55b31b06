import { api, call } from '../api/client.js';
import { GameSection } from './games/game-section.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { matchKind } from '../ui/match-labels.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useRequest } from '../ui/use-request.js';
import { useTitle } from '../ui/use-title.js';

/** Every game of a match, turn by turn. */
export function GamesPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('Games of the match');
  const id = params.id;
  const request = useRequest(
    () =>
      Promise.all([
        call(api.GET('/api/matches/{id}', { params: { path: { id } } })),
        call(api.GET('/api/matches/{id}/games', { params: { path: { id } } })),
      ]),
    [id],
  );
  const back = <Link href={`/matches/${id}`}>Back to the match</Link>;
  if (request.data === null) {
    return (
      <section>
        <h1>Games of the match</h1>
        <ProblemMessage problem={request.problem} />
        {request.loading && <Loading />}
        <p>{back}</p>
      </section>
    );
  }
  const [match, { games }] = request.data;
  const names = {
    white: match.players.white?.username ?? 'White',
    black: match.players.black?.username ?? 'Black',
  };
  return (
    <section>
      <h1>Games of the match</h1>
      <p>
        {matchKind(match)}: {names.white} (white) vs {names.black} (black), {match.score.white}–{match.score.black}.{' '}
        {back}
      </p>
      {games.length === 0 && <p class="muted">No game has begun yet.</p>}
      {games.map((game) => (
        <GameSection key={game.number} matchId={id} game={game} names={names} variant={match.variant} />
      ))}
    </section>
  );
}
