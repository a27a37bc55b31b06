import { api, call } from '../api/client.js';
import { colourName } from '../board/board-words.js';
import { t, Trans } from '../i18n/index.js';
import { GameSection } from './games/game-section.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { matchKind } from '../ui/match-labels.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useRequest } from '../ui/use-request.js';
import { useTitle } from '../ui/use-title.js';

/** Every game of a match, turn by turn. */
export function GamesPage({ params }: { readonly params: Record<string, string> }) {
  useTitle(t('games.page.title'));
  const id = params.id;
  const request = useRequest(
    () =>
      Promise.all([
        call(api.GET('/api/matches/{id}', { params: { path: { id } } })),
        call(api.GET('/api/matches/{id}/games', { params: { path: { id } } })),
      ]),
    [id],
  );
  const back = <Link href={`/matches/${id}`}>{t('games.page.back')}</Link>;
  if (request.data === null) {
    return (
      <section>
        <h1>{t('games.page.title')}</h1>
        <ProblemMessage problem={request.problem} />
        {request.loading && <Loading />}
        <p>{back}</p>
      </section>
    );
  }
  const [match, { games }] = request.data;
  const names = {
    white: match.players.white?.username ?? colourName('white'),
    black: match.players.black?.username ?? colourName('black'),
  };
  return (
    <section>
      <h1>{t('games.page.title')}</h1>
      <p>
        <Trans
          id="games.page.summary"
          values={{
            kind: matchKind(match),
            white: names.white,
            black: names.black,
            whiteScore: match.score.white,
            blackScore: match.score.black,
          }}
          components={[<span translate={false} />, <span translate={false} />]}
        />{' '}
        {back}
      </p>
      {games.length === 0 && <p class="muted">{t('games.page.none')}</p>}
      {games.map((game) => (
        <GameSection key={game.number} matchId={id} game={game} names={names} variant={match.variant} />
      ))}
    </section>
  );
}
