import { useState } from 'preact/hooks';
import { MyMatchesList, MyTurnList, OpenChallengesList } from './lobby/lobby-lists.js';
import { CreateMatchForm } from './lobby/new-match-form.js';
import { PlayBot } from './lobby/play-bot.js';
import { useLiveRefresh } from './lobby/use-live-refresh.js';
import { useSession } from '../session.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import './lobby/lobby.css';

/** The lobby: a bot in one click, what waits for me, my matches, the open challenges, and a new match; kept up to date live. */
export function LobbyPage(_: { readonly params: Record<string, string> }) {
  useTitle('Lobby');
  const session = useSession();
  const [refreshes, setRefreshes] = useState(0);
  const refresh = (): void => setRefreshes((n) => n + 1);
  const live = useLiveRefresh(session?.username ?? null, refresh);
  if (session === null) {
    return (
      <section>
        <h1>Lobby</h1>
        <SignInRequired toDo="see your matches and start new ones" />
      </section>
    );
  }
  const lists = { viewer: session.username, refreshes, onChanged: refresh };
  return (
    <>
      <div class="lobby-head">
        <h1>Lobby</h1>
        <p class="live muted" role="status">
          {live ? 'Live: the lists update as your matches go on.' : ''}
        </p>
        <nav aria-label="Lobby sections" class="lobby-jump">
          <a href="#my-turn">My turn</a>
          <a href="#my-matches">My matches</a>
          <a href="#open-challenges">Open challenges</a>
          <a href="#new-match">New match</a>
        </nav>
      </div>
      <PlayBot />
      <MyTurnList {...lists} />
      <MyMatchesList {...lists} />
      <OpenChallengesList {...lists} />
      <section>
        <h2 id="new-match">New match</h2>
        <CreateMatchForm />
      </section>
    </>
  );
}
