import { DEFAULT_RULES } from '../lobby/new-match-request.js';
import {
  knockoutRounds,
  NEW_TOURNAMENT_FORM,
  newTournamentRequest,
  shownKnockoutLengths,
  withTournamentVariant,
} from './new-tournament-request.js';

describe('the new-tournament form', () => {
  it('asks a knock-out’s lengths for as many rounds as its largest field plays, from the final back', () => {
    expect(knockoutRounds('8', 1)).toBe(3);
    expect(knockoutRounds('5', 1)).toBe(3);
    expect(knockoutRounds('2', 3)).toBe(1);
    expect(knockoutRounds('256', 1)).toBe(8);
    expect(knockoutRounds('9999', 1)).toBe(8);
    // While the figure is no field size (being typed), the fields shown stay.
    expect(knockoutRounds('', 3)).toBe(3);
    expect(knockoutRounds('1', 2)).toBe(2);
    expect(shownKnockoutLengths({ maxPlayers: '32', knockoutLengths: ['7', '5', '3'] })).toEqual([
      '7',
      '5',
      '3',
      '3',
      '3',
    ]);
  });

  it('sends a knock-out’s lengths from the first round to the final, and only what differs from the defaults', () => {
    expect(
      newTournamentRequest({ ...NEW_TOURNAMENT_FORM, name: ' Autumn ', knockoutLengths: ['7', '5', '3'] }),
    ).toEqual({
      name: 'Autumn',
      variant: 'backgammon',
      format: 'knockout',
      lengths: [3, 5, 7],
      daysPerTurn: 3,
      maxPlayers: 8,
      bankDays: 0,
      rated: true,
      botsAllowed: false,
    });
  });

  it('sends a round-robin’s one length, no clock, rating limits, times as instants, and long nardy without the cube', () => {
    const form = {
      ...NEW_TOURNAMENT_FORM,
      ...withTournamentVariant(NEW_TOURNAMENT_FORM, 'long-nardy'),
      name: 'Nardy circle',
      format: 'round-robin' as const,
      maxPlayers: '6',
      roundRobinLength: '5',
      daysPerTurn: '',
      minRating: '1400',
      maxRating: '',
      startsAt: '2026-12-01T18:00',
      botsAllowed: true,
    };
    expect(newTournamentRequest(form)).toEqual({
      name: 'Nardy circle',
      variant: 'long-nardy',
      format: 'round-robin',
      lengths: [5],
      daysPerTurn: null,
      maxPlayers: 6,
      bankDays: 0,
      rated: true,
      botsAllowed: true,
      rules: { cube: false },
      minRating: 1400,
      startsAt: new Date('2026-12-01T18:00').toISOString(),
    });
    expect(withTournamentVariant(form, 'backgammon')).toEqual({
      variant: 'backgammon',
      rules: { ...DEFAULT_RULES, cube: true },
    });
  });

  it('leaves what is no figure or time for the server to refuse', () => {
    const body = newTournamentRequest({ ...NEW_TOURNAMENT_FORM, maxPlayers: 'many', entriesCloseAt: 'soon' });
    expect(body.maxPlayers).toBeNaN();
    expect(body.entriesCloseAt).toBe('soon');
  });
});
