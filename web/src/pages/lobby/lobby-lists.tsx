/** The lobby's three lists: my turn (the inbox), my matches, and the open challenges anyone may join. */
import { api, call } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { LobbyList } from './lobby-list.js';

interface ListsProps {
  readonly viewer: string;
  readonly refreshes: number;
  readonly onChanged: () => void;
}

export function MyTurnList(props: ListsProps) {
  return (
    <LobbyList
      {...props}
      id="my-turn"
      heading={t('lobby.myTurn.heading')}
      loading={t('lobby.myTurn.loading')}
      intro={t('lobby.myTurn.intro')}
      load={(cursor, limit) =>
        call(api.GET('/api/users/me/matches', { params: { query: { awaiting: 'me', cursor, limit } } }))
      }
      columns={['opponent', 'awaiting', 'lastPlay', 'score', 'deadline']}
      empty={t('lobby.myTurn.empty')}
    />
  );
}

export function MyMatchesList(props: ListsProps) {
  return (
    <LobbyList
      {...props}
      id="my-matches"
      heading={t('lobby.myMatches.heading')}
      loading={t('lobby.myMatches.loading')}
      load={(cursor, limit) => call(api.GET('/api/users/me/matches', { params: { query: { cursor, limit } } }))}
      columns={['status', 'opponent', 'score', 'created']}
      empty={t('lobby.myMatches.empty')}
    />
  );
}

export function OpenChallengesList(props: ListsProps) {
  return (
    <LobbyList
      {...props}
      id="open-challenges"
      heading={t('lobby.openChallenges.heading')}
      loading={t('lobby.openChallenges.loading')}
      intro={t('lobby.openChallenges.intro')}
      load={(cursor, limit) =>
        call(api.GET('/api/matches', { params: { query: { open: 'true', status: 'invited', cursor, limit } } }))
      }
      columns={['opponent', 'clock', 'created']}
      empty={t('lobby.openChallenges.empty')}
    />
  );
}
