import { api, call } from '../api/client.js';
import { PlayerMatches } from './players/player-matches.js';
import { PlayerStats } from './players/player-stats.js';
import { VersusForm } from './players/versus-form.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { sameUsername } from '../ui/match-labels.js';
import { BotBadge } from '../ui/player-name.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useRequest } from '../ui/use-request.js';
import { useTitle } from '../ui/use-title.js';

const HOUSE_BOT_NOTES = {
  'bot-easy': 'A house bot that plays an easy game.',
  bot: 'The strong house bot.',
  gnubg: 'GNU Backgammon, played by the house; backgammon only.',
} as const;

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
        <h1>{username}</h1>
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
        {name}
        {player.bot && <BotBadge />}
      </h1>
      {player.houseBot !== null && <p>{HOUSE_BOT_NOTES[player.houseBot]}</p>}
      <p class="muted">Playing here since {new Date(player.createdAt).toLocaleDateString()}.</p>
      <h2>Rating and record</h2>
      <PlayerStats player={player} />
      <h2>Head to head</h2>
      {versusMe !== null && (
        <p>
          <Link href={versusMe}>{name} against you</Link>
        </p>
      )}
      <VersusForm username={name} />
      <h2>Matches</h2>
      <PlayerMatches username={name} caption={`Matches of ${name}`} />
    </section>
  );
}
