import {
  applyOrThrow,
  newMatch,
  recordsDue,
  type Colour,
  type MatchEvent,
  type MatchState,
  type NotationError,
  type RulesOptions,
} from '../../engine/index.js';
import { GNUBG_MAX_COMMAND, gnubgExternalRequest } from './gnubg-request.js';

/** `state` after `events`, each followed by the records it makes due. */
function fold(state: MatchState, ...events: MatchEvent[]): MatchState {
  for (const event of events) {
    state = applyOrThrow(state, event);
    for (const record of recordsDue(state)) state = applyOrThrow(state, record);
  }
  return state;
}

function seated(length: number, rules: Partial<RulesOptions> = {}): MatchState {
  return fold(
    newMatch({ variant: 'backgammon', length, rules }),
    { type: 'join', colour: 'white' },
    { type: 'join', colour: 'black' },
  );
}

/** The player to play plays the first legal play. */
function playFirst(state: MatchState): MatchState {
  const { phase } = state;
  if (phase.kind !== 'play') throw new Error(`not a play phase: ${phase.kind}`);
  return fold(state, { type: 'play', by: phase.player, moves: phase.plays[0].moves });
}

/** A game that white opens with 5-2 and `loser` then gives up by dropping a double of `winner`'s. */
function gameWonByDrop(state: MatchState, winner: Colour): MatchState {
  state = playFirst(fold(state, { type: 'opening-roll', white: 5, black: 2 }));
  if (winner === 'white') state = playFirst(fold(state, { type: 'roll', by: 'black', dice: [3, 1] }));
  const loser: Colour = winner === 'white' ? 'black' : 'white';
  return fold(state, { type: 'double', by: winner }, { type: 'drop', by: loser });
}

/** The game under way decided by a resignation of `loser` (any game, the Crawford game too). */
function gameWonByResignation(state: MatchState, loser: Colour): MatchState {
  const winner: Colour = loser === 'white' ? 'black' : 'white';
  return fold(state, { type: 'resign', by: loser, value: 1 }, { type: 'resignation-accept', by: winner });
}

/** The numbers of a board line by their 1-based field number (fibs-board.ts), and the options after it. */
function read(command: string): { field: (n: number) => number; names: string[]; options: string } {
  const [board, ...options] = command.split(' ');
  const parts = board.split(':');
  return { field: (n) => Number(parts[2 + n]), names: parts.slice(1, 3), options: options.join(' ') };
}

describe('what gnubg is sent for a match state (external mode)', () => {
  const opened = fold(seated(0), { type: 'opening-roll', white: 5, black: 2 });

  it('asks the opening play: the starting position from the player, its dice, money, a centred cube', () => {
    expect(gnubgExternalRequest(opened, 'white')).toEqual({
      question: 'play',
      command:
        'board:white:black:0:0:0:' +
        '0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:' +
        '1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0' +
        ' jacobyrule off crawfordrule off beavers off',
    });
  });

  it('asks nothing of the player whose turn it is not, nor at the opening roll', () => {
    expect(gnubgExternalRequest(opened, 'black')).toBeNull();
    expect(gnubgExternalRequest(seated(0), 'white')).toBeNull();
  });

  it('asks roll or double before a roll when the player may double, with the board from its side', () => {
    const state = playFirst(opened);
    const asked = gnubgExternalRequest(state, 'black')!;
    expect(asked.question).toBe('double');
    const { field, names } = read(asked.command);
    expect(names).toEqual(['black', 'white']);
    expect([field(30), field(31), field(32), field(38)]).toEqual([1, 0, 0, 0]);
    // The starting position, but white's 5-2 (13/8 13/11 or 24/22 13/8, as the first legal play has it) shows as negatives.
    expect(field(4 + 6)).toBe(5);
  });

  it('asks nothing before a roll when the player may not double (the opponent owns the cube)', () => {
    let state = fold(playFirst(opened), { type: 'double', by: 'black' }, { type: 'take', by: 'white' });
    state = playFirst(fold(state, { type: 'roll', by: 'black', dice: [6, 5] }));
    expect(state.phase).toMatchObject({ kind: 'roll', player: 'white', mayDouble: true });
    state = playFirst(fold(state, { type: 'roll', by: 'white', dice: [4, 3] }));
    expect(state.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: false });
    expect(gnubgExternalRequest(state, 'black')).toBeNull();
  });

  it('asks take or drop with the turn on the doubler, was doubled set, the cube before the double', () => {
    const state = fold(playFirst(opened), { type: 'double', by: 'black' });
    const asked = gnubgExternalRequest(state, 'white')!;
    expect(asked.question).toBe('take');
    const { field, names } = read(asked.command);
    expect(names).toEqual(['white', 'black']);
    // turn -1 (black), no dice, cube 1, both may double (centred), was doubled.
    expect([field(30), field(31), field(32), field(35), field(36), field(37), field(38)]).toEqual([
      -1, 0, 0, 1, 1, 1, 1,
    ]);
  });

  it('asks about a beaver with the cube the beaver took, owned by the beaverer, who is on turn', () => {
    const money = fold(seated(0, { beavers: true }), { type: 'opening-roll', white: 5, black: 2 });
    const state = fold(playFirst(money), { type: 'double', by: 'black' }, { type: 'beaver', by: 'white' });
    const asked = gnubgExternalRequest(state, 'black')!;
    expect(asked.question).toBe('take');
    const { field, names, options } = read(asked.command);
    expect(names).toEqual(['black', 'white']);
    expect([field(30), field(35), field(36), field(37), field(38)]).toEqual([-1, 2, 0, 1, 1]);
    expect(options).toBe('jacobyrule off crawfordrule off beavers on');
  });

  it("writes the scores the way gnubg 1.07 reads them: the answering side's first after a double, the mover's second otherwise", () => {
    // 5-point match, black leads 1-0.
    let state = gameWonByDrop(seated(5), 'black');
    expect(state.progress.score).toEqual({ white: 0, black: 1 });
    state = fold(state, { type: 'opening-roll', white: 5, black: 2 });
    const play = read(gnubgExternalRequest(state, 'white')!.command);
    expect([play.field(1), play.field(2), play.field(3)]).toEqual([5, 1, 0]); // black's, then white's (the mover's)
    state = fold(playFirst(state), { type: 'double', by: 'black' });
    const take = read(gnubgExternalRequest(state, 'white')!.command);
    expect([take.field(2), take.field(3)]).toEqual([0, 1]); // white's (answering), then black's (the doubler's)
  });

  it('marks the Crawford game (both Crawford fields clear) and the games after it (both set)', () => {
    let state = gameWonByDrop(gameWonByDrop(seated(3), 'black'), 'black');
    expect(state.progress).toMatchObject({ score: { white: 0, black: 2 }, crawfordGame: true });
    state = fold(state, { type: 'opening-roll', white: 5, black: 2 });
    const crawford = read(gnubgExternalRequest(state, 'white')!.command);
    expect([crawford.field(49), crawford.field(50)]).toEqual([0, 0]);
    expect(crawford.options).toBe('jacobyrule off crawfordrule on beavers off');

    state = fold(gameWonByResignation(state, 'black'), { type: 'opening-roll', white: 5, black: 2 });
    expect(state.progress).toMatchObject({ score: { white: 1, black: 2 }, postCrawford: true });
    const after = read(gnubgExternalRequest(state, 'white')!.command);
    expect([after.field(49), after.field(50)]).toEqual([1, 1]);
  });

  it('says not-Crawford before anyone is 1-away, and writes no Crawford rule for a match without it', () => {
    const early = read(
      gnubgExternalRequest(fold(seated(5), { type: 'opening-roll', white: 5, black: 2 }), 'white')!.command,
    );
    expect([early.field(49), early.field(50)]).toEqual([0, 1]);
    const noRule = fold(seated(5, { crawford: false }), { type: 'opening-roll', white: 5, black: 2 });
    expect(read(gnubgExternalRequest(noRule, 'white')!.command).options).toBe(
      'jacobyrule off crawfordrule off beavers off',
    );
  });

  it('asks about a resignation from the resigning side: it is "You" and on turn, with the value offered', () => {
    const state = fold(opened, { type: 'resign', by: 'white', value: 2 });
    const asked = gnubgExternalRequest(state, 'black')!;
    expect(asked.question).toBe('resignation');
    const { field, names, options } = read(asked.command);
    expect(names).toEqual(['white', 'black']);
    expect([field(30), field(31), field(32), field(38)]).toEqual([1, 0, 0, 0]);
    expect(options).toBe('jacobyrule off crawfordrule off beavers off resignation 2');
    expect(gnubgExternalRequest(state, 'white')).toBeNull();
  });

  it('sends the Jacoby rule of a money session that has it', () => {
    const jacoby = fold(seated(0, { jacoby: true }), { type: 'opening-roll', white: 6, black: 1 });
    expect(read(gnubgExternalRequest(jacoby, 'white')!.command).options).toBe(
      'jacobyrule on crawfordrule off beavers off',
    );
  });

  it('sends no score in a money session, however many points it has run to (gnubg needs none)', () => {
    const long = (state: MatchState): MatchState => ({
      ...state,
      progress: { ...state.progress, score: { white: 123_456, black: 99_999 } },
    });
    const play = read(gnubgExternalRequest(long(opened), 'white')!.command);
    expect([play.field(1), play.field(2), play.field(3)]).toEqual([0, 0, 0]);
    const offer = gnubgExternalRequest(long(fold(playFirst(opened), { type: 'double', by: 'black' })), 'white')!;
    expect(offer.question).toBe('take');
    expect([read(offer.command).field(2), read(offer.command).field(3)]).toEqual([0, 0]);
  });

  it('keeps every line well under the 255 bytes gnubg reads', () => {
    expect(gnubgExternalRequest(opened, 'white')!.command.length).toBeLessThan(GNUBG_MAX_COMMAND - 60);
  });

  it('refuses long nardy (bad-fields): gnubg plays backgammon only', () => {
    const nardy = fold(
      newMatch({ variant: 'long-nardy', length: 1 }),
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
    );
    expect(() => gnubgExternalRequest(nardy, 'white')).toThrow(
      expect.objectContaining({ code: 'bad-fields' }) as NotationError,
    );
  });
});
