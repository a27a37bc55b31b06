import { api, call, type Schemas } from '../api/client.js';
import { PlayerTools } from '../community/player-tools.js';
import { activeLocale, t, Trans } from '../i18n/index.js';
import type { MessageKey } from '../i18n/message-ids.js';
import { PlayerMatches } from './players/player-matches.js';
import { PlayerStats } from './players/player-stats.js';
import { TournamentList } from './tournaments/tournament-list.js';
import { VersusForm } from './players/versus-form.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { sameUsername } from '../ui/match-labels.js';
import { BotBadge } from '../ui/player-name.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useRequest } from '../ui/use-request.js';
import { useTitle } from '../ui/use-title.js';

type HouseBot = NonNullable<Schemas['UserProfileDto']['houseBot']>;

/** A word on each house bot; a program's name in it is marked `<0>…</0>`, kept from translation. */
const HOUSE_BOT_NOTES: Readonly<Record<HouseBot, MessageKey>> = {
  'bot-easy': 'players.profile.botEasy',
  bot: 'players.profile.bot',
  gnubg: 'players.profile.gnubg',
};

/** A player's page: rating and record, their matches, and a way to compare them with another player. */
export function ProfilePage({ params }: { readonly params: Record<string, string> }) {
  const { username } = params;
  useTitle(username);
  const session = useSession();
  const profile = useRequest(
    () => call(api.GET('/api/users/{username}', { params: { path: { username } } })),
    [username],
  );
  const player = profile.data;
  if (player === null) {
    return (
      <section>
        <h1 translate={false}>{username}</h1>
        <ProblemMessage problem={profile.problem} />
        {profile.loading && <Loading />}
      </section>
    );
  }
  const name = player.username;
  const versusMe =
    session !== null && !sameUsername(session.username, name)
      ? `/users/${encodeURIComponent(name)}/versus/${encodeURIComponent(session.username)}`
      : null;
  return (
    <section>
      <h1>
        <span translate={false}>{name}</span>
        {player.bot && <BotBadge />}
      </h1>
      {player.houseBot !== null && (
        <p>
          <Trans id={HOUSE_BOT_NOTES[player.houseBot]} components={[<span translate={false} />]} />
        </p>
      )}
      <p class="muted">
        {t('players.profile.since', { date: new Date(player.createdAt).toLocaleDateString(activeLocale()) })}
      </p>
      {session !== null && !sameUsername(session.username, name) && player.houseBot === null && (
        <PlayerTools username={name} />
      )}
      <h2>{t('players.profile.stats')}</h2>
      <PlayerStats player={player} />
      <h2>{t('players.profile.headToHead')}</h2>
      {versusMe !== null && (
        <p>
          <Link href={versusMe}>{t('players.profile.versusYou', { name })}</Link>
        </p>
      )}
      <VersusForm username={name} />
      <h2>{t('players.profile.matches')}</h2>
      <PlayerMatches username={name} caption={t('players.profile.matchesCaption', { name })} />
      <h2>{t('tournaments.profile.heading')}</h2>
      <TournamentList
        query={{ player: name }}
        columns={['kind', 'status', 'champion']}
        caption={t('tournaments.profile.caption', { name })}
        empty={t('tournaments.profile.empty')}
        viewer={null}
      />
    </section>
  );
}
