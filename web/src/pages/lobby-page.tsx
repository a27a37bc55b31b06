import { useState } from 'preact/hooks';
import { MyMatchesList, MyTurnList, OpenChallengesList } from './lobby/lobby-lists.js';
import { CreateMatchForm } from './lobby/new-match-form.js';
import { PlayBot } from './lobby/play-bot.js';
import { useLiveRefresh } from './lobby/use-live-refresh.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import './lobby/lobby.css';

/** The lobby: a bot in one click, what waits for me, my matches, the open challenges, and a new match; kept up to date live. */
export function LobbyPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('lobby.title'));
  const session = useSession();
  const [refreshes, setRefreshes] = useState(0);
  const refresh = (): void => setRefreshes((n) => n + 1);
  const live = useLiveRefresh(session?.username ?? null, refresh);
  if (session === null) {
    return (
      <section>
        <h1>{t('lobby.heading')}</h1>
        <SignInRequired toDo={t('lobby.signInToDo')} />
      </section>
    );
  }
  const lists = { viewer: session.username, refreshes, onChanged: refresh };
  return (
    <>
      <div class="lobby-head">
        <h1>{t('lobby.heading')}</h1>
        <p class="live muted" role="status">
          {live ? t('lobby.live') : ''}
        </p>
        <nav aria-label={t('lobby.sections.label')} class="lobby-jump">
          <a href="#my-turn">{t('lobby.myTurn.heading')}</a>
          <a href="#my-matches">{t('lobby.myMatches.heading')}</a>
          <a href="#open-challenges">{t('lobby.openChallenges.heading')}</a>
          <a href="#new-match">{t('lobby.newMatch.heading')}</a>
        </nav>
      </div>
      <PlayBot />
      <MyTurnList {...lists} />
      <MyMatchesList {...lists} />
      <OpenChallengesList {...lists} />
      <section>
        <h2 id="new-match">{t('lobby.newMatch.heading')}</h2>
        <CreateMatchForm />
      </section>
    </>
  );
}
