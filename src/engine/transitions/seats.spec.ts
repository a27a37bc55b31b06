import { apply, applyCommand, legalActions, newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';
import { abortCommandRefusal } from './seats.js';

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
    const result = applyCommand(invited(), { type: 'abort', by: 'white' });
    expect(result).toMatchObject({ ok: true, state: { status: 'aborted' } });
  });

  it('refuses a new abort after the opening throw but folds a stored one made before the first play (M6)', () => {
    const thrown = applyAll(invited(), [
      { type: 'join', colour: 'black' },
      { type: 'opening-roll', white: 5, black: 2 },
    ]);
    expect(abortCommandRefusal(thrown)).toMatchObject({ ok: false, reason: 'abort-too-late' });
    expect(applyCommand(thrown, { type: 'abort', by: 'black' })).toMatchObject({ ok: false, reason: 'abort-too-late' });
    expect(apply(thrown, { type: 'abort', by: 'black' })).toMatchObject({ ok: true, state: { status: 'aborted' } });
    for (const by of ['white', 'black'] as const) {
      expect(legalActions(thrown, by)).not.toContain('abort');
      expect(legalActions(thrown, by)).toContain('leave');
    }
    expect(legalActions(invited(), 'white')).toEqual(['abort']);
  });

  it('refuses a new abort after a tied opening throw: the dice were seen (M6)', () => {
    const tied = applyAll(invited(), [
      { type: 'join', colour: 'black' },
      { type: 'opening-roll', white: 4, black: 4 },
    ]);
    expect(applyCommand(tied, { type: 'abort', by: 'white' })).toMatchObject({ ok: false, reason: 'abort-too-late' });
  });
});
