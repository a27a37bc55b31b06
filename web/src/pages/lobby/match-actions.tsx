/**
 * The buttons a waiting match offers in the lobby: the invited player joins or declines, anyone
 * joins an open challenge, the creator aborts (withdraws) their own. Joining opens the match.
 */
import { useState } from 'preact/hooks';
import { api, call, type MatchSummary } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { Trans } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { navigate } from '../../router.js';
import { invitationRole, matchKind, opponentOf } from '../../ui/match-labels.js';

type Action = 'join' | 'decline' | 'abort';

/**
 * A button's words: the visible one, then (marked <0>) the match it is for, for a screen reader: its
 * kind, and whom it is with (anyone, when nobody is named) unless it is the creator's own.
 */
function labelOf(action: Action, opponentKnown: boolean): MessageKey {
  if (action === 'abort') return 'lobby.actions.abort';
  if (action === 'decline') return opponentKnown ? 'lobby.actions.decline' : 'lobby.actions.declineAnyone';
  return opponentKnown ? 'lobby.actions.join' : 'lobby.actions.joinAnyone';
}

interface MatchActionsProps {
  readonly match: MatchSummary;
  readonly viewer: string;
  /** After a decline or an abort: the lists are out of date. */
  readonly onChanged: () => void;
  readonly onProblem: (problem: ApiProblem | null) => void;
}

export function MatchActions({ match, viewer, onChanged, onProblem }: MatchActionsProps) {
  const [busy, setBusy] = useState(false);
  const role = invitationRole(match, viewer);
  if (role === null) return null;
  const params = { params: { path: { id: match.id } } };
  const act = async (action: Action): Promise<void> => {
    setBusy(true);
    onProblem(null);
    try {
      if (action === 'join') {
        await call(api.POST('/api/matches/{id}/join', params));
        navigate(`/matches/${match.id}`);
        return;
      }
      if (action === 'decline') await call(api.POST('/api/matches/{id}/decline', params));
      else await call(api.POST('/api/matches/{id}/abort', params));
      onChanged();
    } catch (error) {
      onProblem(asProblem(error));
      onChanged();
    }
    setBusy(false);
  };
  // The visible word, and the match it is for to a screen reader (a table has many).
  const opponent = opponentOf(match, viewer)?.username;
  const button = (action: Action, secondary = false) => (
    <button type="button" class={secondary ? 'secondary' : undefined} disabled={busy} onClick={() => void act(action)}>
      <Trans
        id={labelOf(action, opponent !== undefined)}
        values={{ kind: matchKind(match), opponent }}
        components={[<span class="visually-hidden" />]}
      />
    </button>
  );
  return (
    <span class="button-row">
      {role !== 'creator' && button('join')}
      {role === 'invited' && button('decline', true)}
      {role === 'creator' && button('abort', true)}
    </span>
  );
}
