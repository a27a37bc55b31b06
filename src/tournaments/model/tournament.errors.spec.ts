/**
 * The engine's refusals reach the API with their reason as the problem's
 * code (tournament.errors.ts): each has its title and detail (the other
 * languages' catalogs are held to the English one's keys by
 * problem-texts.spec.ts).
 */
import { PROBLEM_WORDS } from '../../common/problem-texts/problem-texts.js';
import { TOURNAMENT_REFUSAL_KINDS, TournamentRefusedError } from './tournament.errors.js';

describe('the tournament refusals', () => {
  it('each have an English title and detail, and a kind', () => {
    const english = PROBLEM_WORDS.messages('en');
    const codes = Object.keys(TOURNAMENT_REFUSAL_KINDS);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => english[`${c}.title`] === undefined || english[`${c}.detail`] === undefined)).toEqual(
      [],
    );
    expect(new TournamentRefusedError('tournament-full', 'Full.').kind).toBe('conflict');
    expect(new TournamentRefusedError('rating-out-of-range', 'Low.').kind).toBe('unprocessable');
  });
});
