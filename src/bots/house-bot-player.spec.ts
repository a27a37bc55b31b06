import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { botDecision, newMatch, type BotDecision, type MatchState, type Variant } from '../engine/index.js';
import { playRandomMatch } from '../engine/testing/index.js';
import type { LoadedMatch, MatchRecord } from '../matches/index.js';
import { Clock } from '../common/clock.js';
import { HouseBotPolicy } from '../house-bots/index.js';
import type { HouseBot } from '../house-bots/index.js';
import { actionFor } from './bot-action.js';
import { decisionRandom } from './decision-random.js';
import { ExternalBotNoAnswerError, ExternalBotUnavailableError, type ExternalBotPlayer } from '../house-bots/index.js';
import type { HouseBotAccount } from './house-bot-player.js';
import type { EngineDecisions } from './bot-decision-pool.js';

// The player reaches the matches module's face, which brings in CommonJS packages that require()
// Nest: under Jest they need the namespaces esm-interop.setup.ts provides (the e2e projects load it
// for every file), so it is loaded before the player is.
await import('../../test/support/esm-interop.setup.js');
const { HouseBotPlayer } = await import('./house-bot-player.js');

const BOT_ID = '00000000-0000-4000-8000-00000000b071';
const PERSON_ID = '00000000-0000-4000-8000-0000000a11ce';
const botOf = (houseBot: HouseBot): HouseBotAccount => ({ id: BOT_ID, username: houseBot, houseBot });

/** The fields of a match the house bot reads (the rest of a record is never looked at). */
function loaded(
  state: MatchState,
  fields: { status: 'invited' | 'playing'; invitedId?: string; botColour?: 'white' | 'black'; variant?: Variant },
): LoadedMatch {
  const seat = (colour: 'white' | 'black') =>
    fields.botColour === undefined
      ? null
      : {
          id: colour === fields.botColour ? BOT_ID : PERSON_ID,
          username: colour === fields.botColour ? 'bot' : 'ann',
          autoPlayForced: false,
          bot: colour === fields.botColour,
        };
  const record = {
    id: '00000000-0000-4000-8000-0000000000aa',
    version: 7,
    variant: fields.variant ?? state.config.variant,
    invited: fields.invitedId === undefined ? null : { id: fields.invitedId, username: 'invited' },
    white: seat('white'),
    black: seat('black'),
    projection: { status: fields.status },
  } as unknown as MatchRecord;
  return { record, state };
}

/** A state of a random 1-point backgammon match where `colour` must roll. */
function rollOf(colour: 'white' | 'black'): MatchState {
  const played = playRandomMatch({ variant: 'backgammon', length: 1, rules: {} }, 42, { timeouts: false });
  const state = played.states.find((s) => s.phase.kind === 'roll' && s.phase.player === colour);
  if (state === undefined) throw new Error('no roll of that colour');
  return state;
}

/** A state of a random 3-point backgammon match where `colour` must choose among several plays. */
function choiceOf(colour: 'white' | 'black'): MatchState {
  const played = playRandomMatch({ variant: 'backgammon', length: 3, rules: {} }, 42, { timeouts: false });
  const state = played.states.find(
    (s) => s.phase.kind === 'play' && s.phase.player === colour && s.phase.plays.length > 5,
  );
  if (state === undefined) throw new Error('no choice of that colour');
  return state;
}

const clock = new (class extends Clock {
  at = new Date('2026-11-27T12:00:00.000Z');
  now(): Date {
    return this.at;
  }
})();

function playerWith(externalAvailable: boolean, decision: BotDecision | null = null) {
  const external = {
    available: jest.fn(() => externalAvailable),
    decide: jest.fn(() => Promise.resolve(decision)),
  } satisfies ExternalBotPlayer;
  const policy = new HouseBotPolicy(external);
  // The engine's decisions on the event loop, as the worker threads make them (bot-decision-pool.spec.ts).
  const inProcess: EngineDecisions = {
    concurrency: 1,
    decide: (state, colour, level, matchId, version) =>
      Promise.resolve(botDecision(state, colour, level, decisionRandom(matchId, version))),
  };
  const player = new HouseBotPlayer(policy, external, clock, inProcess);
  return { player, external };
}

describe('a house bot answering an invitation', () => {
  const invitation = (variant: Variant) =>
    loaded(newMatch({ variant, length: 3, rules: {} }), { status: 'invited', invitedId: BOT_ID });

  it.each([
    ['bot-easy', 'long-nardy', true, 'join'],
    ['bot', 'backgammon', false, 'join'],
    ['gnubg', 'backgammon', true, 'join'],
    ['gnubg', 'backgammon', false, 'decline'],
    ['gnubg', 'long-nardy', true, 'decline'],
  ] as const)('%s invited to %s (external player available: %s) answers %s', async (houseBot, variant, up, answer) => {
    const { player } = playerWith(up);
    expect(await player.next(invitation(variant), botOf(houseBot))).toEqual({ name: answer });
  });

  it('leaves alone an invitation to someone else', async () => {
    const { player } = playerWith(true);
    const other = loaded(newMatch({ variant: 'backgammon', length: 1, rules: {} }), {
      status: 'invited',
      invitedId: PERSON_ID,
    });
    expect(await player.next(other, botOf('bot'))).toBeNull();
  });
});

describe('a house bot in a match under way', () => {
  it('makes the engine’s decision for bot-easy and bot, as the match action a person posts', async () => {
    const { player, external } = playerWith(true);
    const match = loaded(rollOf('black'), { status: 'playing', botColour: 'black' });
    expect(await player.next(match, botOf('bot'))).toEqual({ name: 'roll' });
    expect(await player.next(match, botOf('bot-easy'))).toEqual({ name: 'roll' });
    // A play with a choice: bot plays the strong level’s play, bot-easy one of the legal plays.
    const choice = choiceOf('black');
    const strong = botDecision(choice, 'black', 'strong', () => 0.5);
    const playing = loaded(choice, { status: 'playing', botColour: 'black' });
    expect(await player.next(playing, botOf('bot'))).toEqual(strong === null ? null : actionFor(strong));
    const easy = await player.next(playing, botOf('bot-easy'));
    expect(easy).toMatchObject({ name: 'plays' });
    const legal = choice.phase.kind === 'play' ? choice.phase.plays.map((p) => JSON.stringify(p.moves)) : [];
    expect(legal).toContain(JSON.stringify(easy !== null && 'moves' in easy ? easy.moves : null));
    expect(external.decide).not.toHaveBeenCalled();
  });

  it('answers nothing when the match waits for the opponent', async () => {
    const { player } = playerWith(true);
    expect(
      await player.next(loaded(rollOf('white'), { status: 'playing', botColour: 'black' }), botOf('bot')),
    ).toBeNull();
  });

  it('claims the timeout once the opponent on turn let the deadline pass, not before', async () => {
    const { player } = playerWith(true);
    const waiting = (deadline: string): LoadedMatch => {
      const match = loaded(rollOf('white'), { status: 'playing', botColour: 'black' });
      const projection = { ...match.record.projection, turnColour: 'white', clock: { deadline: new Date(deadline) } };
      return { ...match, record: { ...match.record, projection } as unknown as MatchRecord };
    };
    expect(await player.next(waiting('2026-11-27T11:59:59.000Z'), botOf('bot'))).toEqual({ name: 'claim-timeout' });
    expect(await player.next(waiting('2026-11-27T12:00:01.000Z'), botOf('bot'))).toBeNull();
  });

  it('asks the external player for gnubg’s decisions, and says so when it is not available', async () => {
    const { player, external } = playerWith(true, { kind: 'double' });
    const match = loaded(rollOf('white'), { status: 'playing', botColour: 'white' });
    expect(await player.next(match, botOf('gnubg'))).toEqual({ name: 'double' });
    expect(external.decide).toHaveBeenCalledWith(match.state, 'white', PERSON_ID);
    const { player: down } = playerWith(false);
    await expect(down.next(match, botOf('gnubg'))).rejects.toThrow(ExternalBotUnavailableError);
  });
});

describe('the engine’s decisions for many people at once', () => {
  it('take turns by person: B’s decision, asked after five of A’s, is made before A’s second', async () => {
    const { player } = playerWith(true);
    const choice = loaded(choiceOf('black'), { status: 'playing', botColour: 'black' });
    const matchOf = (personId: string, n: number): LoadedMatch => ({
      state: choice.state,
      record: {
        ...choice.record,
        id: `00000000-0000-4000-8000-0000000000${n}0`,
        white: { ...choice.record.white!, id: personId },
      },
    });
    const made: string[] = [];
    const ask = (name: string, personId: string, n: number) =>
      player.next(matchOf(personId, n), botOf('bot')).then(() => made.push(name));
    const ANOTHER = '00000000-0000-4000-8000-00000000b0b0';
    await Promise.all([...[1, 2, 3, 4, 5].map((n) => ask(`A${n}`, PERSON_ID, n)), ask('B1', ANOTHER, 6)]);
    expect(made).toEqual(['A1', 'B1', 'A2', 'A3', 'A4', 'A5']);
  });
});

describe('gnubg giving no answer to one question', () => {
  it.each(['deadline', 'queue-full', 'unreadable'] as const)(
    '(%s) has bot decide that turn, as the match action bot would take',
    async (reason) => {
      const { player, external } = playerWith(true);
      external.decide.mockImplementation(() => Promise.reject(new ExternalBotNoAnswerError(reason, 'no answer')));
      const choice = choiceOf('black');
      const match = loaded(choice, { status: 'playing', botColour: 'black' });
      const strong = await player.next(match, botOf('bot'));
      expect(strong).toMatchObject({ name: 'plays' });
      expect(await player.next(match, botOf('gnubg'))).toEqual(strong);
    },
  );

  it('logs the first turn bot decides for each reason, and counts the next ones rather than logging each', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const { player, external } = playerWith(true);
      const match = loaded(rollOf('white'), { status: 'playing', botColour: 'white' });
      for (const reason of ['deadline', 'deadline', 'deadline', 'queue-full', 'queue-full'] as const) {
        external.decide.mockImplementationOnce(() => Promise.reject(new ExternalBotNoAnswerError(reason, 'no answer')));
        expect(await player.next(match, botOf('gnubg'))).toEqual({ name: 'roll' });
      }
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining('(deadline: no answer)'),
        expect.stringContaining('(queue-full: no answer)'),
      ]);
      player.onModuleDestroy();
    } finally {
      warn.mockRestore();
    }
  });

  it('still fails the decision when gnubg fails otherwise (asked again on a later sweep)', async () => {
    const { player, external } = playerWith(true);
    external.decide.mockImplementation(() => Promise.reject(new Error('gnubg died twice')));
    const match = loaded(rollOf('white'), { status: 'playing', botColour: 'white' });
    await expect(player.next(match, botOf('gnubg'))).rejects.toThrow('gnubg died twice');
  });
});

describe('a bot decision as a match action', () => {
  it.each([
    [{ kind: 'roll' }, { name: 'roll' }],
    [{ kind: 'double' }, { name: 'double' }],
    [{ kind: 'take' }, { name: 'take' }],
    [{ kind: 'drop' }, { name: 'drop' }],
    [{ kind: 'beaver' }, { name: 'beaver' }],
    [{ kind: 'accept-resignation' }, { name: 'resignation/accept' }],
    [{ kind: 'reject-resignation' }, { name: 'resignation/reject' }],
    [
      { kind: 'play', moves: [{ from: 24, to: 21 }] },
      { name: 'plays', moves: [{ from: 24, to: 21 }] },
    ],
  ] as const)('%j is %j', (decision, action) => {
    expect(actionFor(decision as BotDecision)).toEqual(action);
  });
});

describe('the random source of a decision', () => {
  it('is the same for the same match and version on every node, another at another version, always in [0, 1)', () => {
    const draw = (version: number) => Array.from({ length: 20 }, decisionRandom('m-1', version));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
    expect(draw(7).every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
