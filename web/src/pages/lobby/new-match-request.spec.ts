import { ApiProblem } from '../../api/problem.js';
import {
  createMatchProblem,
  NEW_MATCH_FORM,
  newMatchRequest,
  offeredHouseBots,
  ruleApplies,
  type HouseBotListing,
  withVariant,
  type NewMatchForm,
} from './new-match-request.js';

const form = (changes: Partial<NewMatchForm>, rules: Partial<NewMatchForm['rules']> = {}): NewMatchForm => ({
  ...NEW_MATCH_FORM,
  ...changes,
  rules: { ...NEW_MATCH_FORM.rules, ...changes.rules, ...rules },
});

describe('offeredHouseBots', () => {
  const listing = (houseBot: HouseBotListing['houseBot'], available: boolean): HouseBotListing => ({
    username: houseBot,
    houseBot,
    variants: houseBot === 'gnubg' ? ['backgammon'] : ['backgammon', 'long-nardy'],
    available,
    unavailableReason: available ? null : 'gnubg is not available now',
    rating: 1500,
  });

  it('offers only the house bots the server lists as available, in the form’s order', () => {
    const listed = [listing('gnubg', false), listing('bot', true), listing('bot-easy', true)];
    expect(offeredHouseBots(listed)).toEqual(['bot-easy', 'bot']);
    expect(offeredHouseBots([...listed.slice(1), listing('gnubg', true)])).toEqual(['bot-easy', 'bot', 'gnubg']);
    expect(offeredHouseBots([])).toEqual([]);
  });
});

describe('newMatchRequest', () => {
  it('sends only the variant, the length, the person invited and the correspondence clock when nothing else is changed', () => {
    expect(newMatchRequest(form({ username: ' bob ' }))).toEqual({
      variant: 'backgammon',
      length: 5,
      opponent: 'bob',
      daysPerTurn: 3,
    });
    expect(newMatchRequest(form({ username: 'bob', daysPerTurn: '' }))).not.toHaveProperty('daysPerTurn');
  });

  it('turns the cube off when long nardy is chosen (played without it by tradition), and on again for backgammon', () => {
    const nardy = form(withVariant(NEW_MATCH_FORM, 'long-nardy'));
    expect(newMatchRequest(nardy).rules).toEqual({ cube: false });
    expect(newMatchRequest(form(withVariant(nardy, 'backgammon'))).rules).toBeUndefined();
    expect(withVariant(nardy, 'long-nardy')).toEqual({});
  });

  it('invites a house bot by its username, and names nobody for an open challenge', () => {
    expect(newMatchRequest(form({ opponentKind: 'house-bot', houseBot: 'gnubg' })).opponent).toBe('gnubg');
    expect(newMatchRequest(form({ opponentKind: 'open', username: 'bob' }))).not.toHaveProperty('opponent');
  });

  it('asks a money session as length 0, never sending rated nor the Crawford rule for it', () => {
    const body = newMatchRequest(
      form({ opponentKind: 'open', money: true, length: '7', rated: false, daysPerTurn: '' }, { crawford: false }),
    );
    expect(body).toEqual({ variant: 'backgammon', length: 0 });
  });

  it('sends the rules that differ from the server’s defaults, numbers as numbers', () => {
    const body = newMatchRequest(
      form({ opponentKind: 'open', money: true }, { jacoby: true, automaticDoubles: '2', cubeLimit: '64' }),
    );
    expect(body.rules).toEqual({ jacoby: true, automaticDoubles: 2, cubeLimit: 64 });
  });

  it('drops the cube’s options once the cube is off, and the money options in a match', () => {
    expect(newMatchRequest(form({ money: true }, { cube: false, jacoby: true, cubeLimit: '8' })).rules).toEqual({
      cube: false,
    });
    expect(newMatchRequest(form({}, { beavers: true, crawford: false })).rules).toEqual({ crawford: false });
  });

  it('sends koks and the next game’s starter for long nardy only', () => {
    const changed = { koks: false, nextGameStarter: 'opening-roll' } as const;
    expect(newMatchRequest(form({ variant: 'long-nardy' }, changed)).rules).toEqual(changed);
    expect(newMatchRequest(form({ variant: 'backgammon' }, changed))).not.toHaveProperty('rules');
  });

  it('sends the clock, the time bank, an unrated match and a colour only when asked', () => {
    const body = newMatchRequest(form({ daysPerTurn: '3', bankDays: '5', rated: false, colour: 'black' }));
    expect(body).toMatchObject({ daysPerTurn: 3, bankDays: 5, rated: false, colour: 'black' });
    expect(newMatchRequest(form({ bankDays: '' }))).not.toHaveProperty('bankDays');
  });

  it('leaves a missing length for the server to refuse rather than asking a money session', () => {
    expect(JSON.parse(JSON.stringify(newMatchRequest(form({ length: '' }))))).toMatchObject({ length: null });
  });
});

describe('ruleApplies', () => {
  it('follows docs/rules.md: Crawford in matches, Jacoby in money sessions, koks in long nardy', () => {
    expect(ruleApplies('crawford', form({}))).toBe(true);
    expect(ruleApplies('crawford', form({ money: true }))).toBe(false);
    expect(ruleApplies('jacoby', form({ money: true }))).toBe(true);
    expect(ruleApplies('jacoby', form({ money: true }, { cube: false }))).toBe(false);
    expect(ruleApplies('koks', form({ variant: 'long-nardy' }))).toBe(true);
    expect(ruleApplies('koks', form({}))).toBe(false);
  });
});

describe('createMatchProblem', () => {
  it('shows an unknown opponent and a house bot that cannot play by the opponent field', () => {
    const missing = ApiProblem.from(404, {
      title: 'User not found',
      detail: 'There is no user "zed".',
      code: 'user-not-found',
    });
    expect(createMatchProblem(missing).fieldMessages('opponent')).toEqual(['There is no user "zed".']);
    const bot = ApiProblem.from(422, {
      title: 'Bot cannot play',
      detail: 'gnubg plays backgammon only.',
      code: 'bot-cannot-play',
    });
    expect(createMatchProblem(bot).fieldMessages('opponent')).toEqual(['gnubg plays backgammon only.']);
  });

  it('leaves other problems as they are', () => {
    const limit = ApiProblem.from(409, { title: 'Too many', detail: 'At most 5.', code: 'too-many-open-challenges' });
    expect(createMatchProblem(limit)).toBe(limit);
  });
});
