/** The lobby's three lists: my turn (the inbox), my matches, and the open challenges anyone may join. */
import { api, call } from '../../api/client.js';
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
      heading="My turn"
      intro="The matches waiting for you, the soonest deadline first."
      load={(cursor, limit) =>
        call(api.GET('/api/users/me/matches', { params: { query: { awaiting: 'me', cursor, limit } } }))
      }
      columns={['opponent', 'awaiting', 'lastPlay', 'score', 'deadline']}
      empty="Nothing is waiting for you."
    />
  );
}

export function MyMatchesList(props: ListsProps) {
  return (
    <LobbyList
      {...props}
      id="my-matches"
      heading="My matches"
      load={(cursor, limit) => call(api.GET('/api/users/me/matches', { params: { query: { cursor, limit } } }))}
      columns={['status', 'opponent', 'score', 'created']}
      empty="You have no matches yet: start one below, or join an open challenge."
    />
  );
}

export function OpenChallengesList(props: ListsProps) {
  return (
    <LobbyList
      {...props}
      id="open-challenges"
      heading="Open challenges"
      intro="Matches anyone may join."
      load={(cursor, limit) =>
        call(api.GET('/api/matches', { params: { query: { open: 'true', status: 'invited', cursor, limit } } }))
      }
      columns={['opponent', 'clock', 'created']}
      empty="No open challenges right now."
    />
  );
}
