import { api, call } from '../api/client.js';
import { t } from '../i18n/index.js';
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
  useTitle(t('players.versus.title', { player: username, opponent }));
  const versus = useRequest(
    () => call(api.GET('/api/users/{username}/versus/{opponent}', { params: { path: { username, opponent } } })),
    [username, opponent],
  );
  const record = versus.data;
  return (
    <section>
      <h1>
        {t('players.versus.title', { player: record?.player ?? username, opponent: record?.opponent ?? opponent })}
      </h1>
      <p>
        <Link href={userPath(username)}>{t('players.versus.profile', { name: username })}</Link> ·{' '}
        <Link href={userPath(opponent)}>{t('players.versus.profile', { name: opponent })}</Link> ·{' '}
        <Link href={`${userPath(opponent)}/versus/${encodeURIComponent(username)}`}>
          {t('players.versus.seenFrom', { name: opponent })}
        </Link>
      </p>
      <ProblemMessage problem={versus.problem} />
      {record === null ? (
        versus.loading && <Loading />
      ) : (
        <>
          <h2>{t('players.versus.record')}</h2>
          <dl class="stats">
            <div>
              <dt>{t('players.versus.matchesPlayed')}</dt>
              <dd>{record.matchesPlayed}</dd>
            </div>
            <div>
              <dt>{t('players.versus.wonBy', { name: record.player })}</dt>
              <dd>{record.matchesWon}</dd>
            </div>
            <div>
              <dt>{t('players.versus.wonBy', { name: record.opponent })}</dt>
              <dd>{record.matchesLost}</dd>
            </div>
            <div>
              <dt>{t('players.versus.points')}</dt>
              <dd>
                {record.pointsWon}–{record.pointsLost}
              </dd>
            </div>
            <div>
              <dt>{t('players.versus.lastFinished')}</dt>
              <dd>
                {record.lastFinishedAt === null ? t('players.versus.never') : <TimeText at={record.lastFinishedAt} />}
              </dd>
            </div>
          </dl>
          <h2>{t('players.versus.matches')}</h2>
          <PlayerMatches
            username={record.player}
            opponent={record.opponent}
            caption={t('players.versus.matchesCaption', { player: record.player, opponent: record.opponent })}
          />
        </>
      )}
    </section>
  );
}
