import type { MatchRecord } from '../matches/index.js';
import { departingAction } from './departing-action.js';

/** What a departing account does to a match as it stands (docs/accounts.md, "Departure"). */
describe('departingAction', () => {
  const ME = 'me';
  const seat = (id: string) => ({ id, username: id, autoPlayForced: false, bot: false });
  const match = (
    status: MatchRecord['projection']['status'],
    parts: { creator?: string; invited?: string | null; white?: string | null; black?: string | null },
  ): MatchRecord =>
    ({
      creatorId: parts.creator ?? 'other',
      invited: parts.invited == null ? null : { id: parts.invited, username: parts.invited },
      white: parts.white == null ? null : seat(parts.white),
      black: parts.black == null ? null : seat(parts.black),
      projection: { status },
    }) as unknown as MatchRecord;

  it('withdraws its own open challenge or invitation', () => {
    expect(departingAction(match('invited', { creator: ME, white: ME }), ME)).toBe('abort');
    expect(departingAction(match('invited', { creator: ME, black: ME, invited: 'you' }), ME)).toBe('abort');
  });

  it('declines an invitation made to it', () => {
    expect(departingAction(match('invited', { creator: 'you', white: 'you', invited: ME }), ME)).toBe('decline');
  });

  it('leaves a match under way it sits in, whichever colour', () => {
    expect(departingAction(match('playing', { creator: 'you', white: 'you', black: ME }), ME)).toBe('leave');
    expect(departingAction(match('playing', { creator: ME, white: ME, black: 'you' }), ME)).toBe('leave');
  });

  it('does nothing to a match over, or one it has no part in', () => {
    for (const status of ['finished', 'aborted', 'declined'] as const) {
      expect(departingAction(match(status, { creator: ME, white: ME, black: 'you' }), ME)).toBeNull();
    }
    expect(departingAction(match('invited', { creator: 'you', white: 'you' }), ME)).toBeNull();
    expect(departingAction(match('playing', { creator: 'you', white: 'you', black: 'them' }), ME)).toBeNull();
  });
});
