import { apply, legalActions, newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';

function applyAll(state: MatchState, events: readonly MatchEvent[]): MatchState {
  return events.reduce((s, e) => {
    const result = apply(s, e);
    if (!result.ok) throw new Error(`${e.type}: ${result.reason}`);
    return result.state;
  }, state);
}

describe('seats: join, decline, abort', () => {
  const invited = (): MatchState =>
    applyAll(newMatch({ variant: 'backgammon', length: 3 }), [{ type: 'join', colour: 'white' }]);

  it('lets the player offered the free seat decline the invitation, which ends the match unplayed', () => {
    const result = apply(invited(), { type: 'decline', by: 'black' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.status).toBe('declined');
    expect(result.state.phase).toEqual({ kind: 'declined', by: 'black' });
    expect(legalActions(result.state, 'white')).toEqual([]);
    const after = apply(result.state, { type: 'join', colour: 'black' });
    expect(after.ok).toBe(false);
  });

  it('refuses a decline from the seated player, after both joined, or with a bad colour', () => {
    expect(apply(invited(), { type: 'decline', by: 'white' })).toMatchObject({ ok: false, reason: 'already-joined' });
    const full = applyAll(invited(), [{ type: 'join', colour: 'black' }]);
    expect(apply(full, { type: 'decline', by: 'black' })).toMatchObject({ ok: false, reason: 'unexpected-event' });
    expect(apply(invited(), { type: 'decline', by: 'green' } as unknown as MatchEvent)).toMatchObject({
      ok: false,
      reason: 'bad-event',
    });
  });

  it('lets the creator abort the invitation before anyone joined it', () => {
    const result = apply(invited(), { type: 'abort', by: 'white' });
    expect(result).toMatchObject({ ok: true, state: { status: 'aborted' } });
  });
});
