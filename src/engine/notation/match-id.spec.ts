import fc from 'fast-check';
import type { Dice, Die } from '../types.js';
import { bytesToBase64, setBits } from './gnubg-base64.js';
import {
  decodeMatchId,
  encodeMatchId,
  MATCH_ID_GAME_STATES,
  MATCH_ID_RESIGNATIONS,
  type MatchIdFields,
  type MatchIdPlayer,
} from './match-id.js';
import { gnubgNotation, refusalCode } from '../testing/gnubg-notation.js';

type GnubgMatchIdCase = (typeof gnubgNotation.matchIds)[number];

/** Our fields for the gnubg.cubeinfo/posinfo values a fixture entry was made from. */
function fieldsOf(c: GnubgMatchIdCase): MatchIdFields {
  return {
    cubeValue: c.cube,
    cubeOwner: c.cubeOwner === -1 ? null : c.cubeOwner,
    onRoll: c.move,
    crawford: c.crawford === 1,
    gameState: MATCH_ID_GAME_STATES[c.gameState],
    turn: c.turn,
    doubleOffered: c.doubled === 1,
    resignation: MATCH_ID_RESIGNATIONS[c.resigned],
    dice: c.dice[0] === 0 ? null : (c.dice as unknown as Dice),
    matchLength: c.matchTo,
    score: c.score,
    jacoby: c.jacoby === 1,
  };
}

const sortedDice = (dice: Dice | null): Dice | null =>
  dice === null ? null : [Math.max(...dice) as Die, Math.min(...dice) as Die];

/** A Match ID key with `fields` set bit by bit ([first bit, bit count, value]). */
function idWithFields(fields: [number, number, number][]): string {
  const key = new Uint8Array(9);
  for (const [bit, count, value] of fields) setBits(key, bit, count, value);
  return bytesToBase64(key);
}

const newMoneyGame: MatchIdFields = {
  cubeValue: 1,
  cubeOwner: null,
  onRoll: 1,
  crawford: false,
  gameState: 'playing',
  turn: 1,
  doubleOffered: false,
  resignation: 'none',
  dice: [6, 3],
  matchLength: 0,
  score: [0, 0],
  jacoby: true,
};

describe('gnubg Match ID', () => {
  it('encodes a new money game, player 1 to play 6-3, Jacoby on, as cAkPAAAAAAAA (GNU Backgammon 1.07)', () => {
    expect(encodeMatchId(newMoneyGame)).toBe('cAkPAAAAAAAA');
    expect(decodeMatchId('cAkPAAAAAAAA')).toEqual(newMoneyGame);
  });

  it('sets the extra "Jacoby off" bit 66 of gnubg 1.07 when Jacoby is not in force: cAkPAAAAAAAE', () => {
    expect(encodeMatchId({ ...newMoneyGame, jacoby: false })).toBe('cAkPAAAAAAAE');
    expect(decodeMatchId('cAkPAAAAAAAE').jacoby).toBe(false);
  });

  it('writes the larger die first whatever the order given, as gnubg does (gnubg.matchid with 2-5 and 5-2: QonqACAAKAAE)', () => {
    const fields: MatchIdFields = {
      ...newMoneyGame,
      cubeValue: 4,
      cubeOwner: 0,
      dice: [2, 5],
      matchLength: 7,
      score: [2, 5],
      jacoby: false,
    };
    expect(encodeMatchId(fields)).toBe('QonqACAAKAAE');
    expect(encodeMatchId({ ...fields, dice: [5, 2] })).toBe('QonqACAAKAAE');
    expect(decodeMatchId('QonqACAAKAAE')).toEqual({ ...fields, dice: [5, 2] });
  });

  it.each(gnubgNotation.matchIds.map((c) => [c.matchId, c] as const))(
    'encodes to and decodes %s exactly as gnubg 1.07 gnubg.matchid(cubeinfo, posinfo) made it',
    (id, c) => {
      const fields = fieldsOf(c);
      expect(encodeMatchId(fields)).toBe(id);
      expect(decodeMatchId(id)).toEqual({ ...fields, dice: sortedDice(fields.dice) });
    },
  );

  const player = fc.constantFrom<MatchIdPlayer>(0, 1);
  const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;
  const arbitraryFields: fc.Arbitrary<MatchIdFields> = fc
    .record({
      cubeValue: fc.integer({ min: 0, max: 15 }).map((e) => 2 ** e),
      cubeOwner: fc.constantFrom<MatchIdPlayer | null>(0, 1, null),
      onRoll: player,
      crawford: fc.boolean(),
      gameState: fc.constantFrom(...MATCH_ID_GAME_STATES),
      turn: player,
      doubleOffered: fc.boolean(),
      resignation: fc.constantFrom(...MATCH_ID_RESIGNATIONS),
      dice: fc.option(fc.tuple(die, die).map(([a, b]) => [Math.max(a, b), Math.min(a, b)] as unknown as Dice)),
      matchLength: fc.integer({ min: 0, max: 64 }),
      scores: fc.tuple(fc.nat(0x7fff), fc.nat(0x7fff)),
      jacoby: fc.boolean(),
    })
    .map(({ scores, ...f }) => ({
      ...f,
      crawford: f.matchLength > 0 && f.crawford,
      score: f.matchLength > 0 ? [scores[0] % (f.matchLength + 1), scores[1] % (f.matchLength + 1)] : scores,
    }));

  it('round-trips all fields: decode(encode(f)) = f and encode(decode(id)) = id', () => {
    fc.assert(
      fc.property(arbitraryFields, (fields) => {
        const id = encodeMatchId(fields);
        expect(id).toMatch(/^[A-Za-z0-9+/]{12}$/);
        expect(decodeMatchId(id)).toEqual(fields);
        expect(encodeMatchId(decodeMatchId(id))).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  describe('refuses what gnubg would not write, with code bad-match-id', () => {
    const playing: [number, number, number][] = [
      [4, 2, 3],
      [8, 3, 1],
    ];
    const cases: [string, string, RegExp][] = [
      ['too short', 'cAkPAAAAAAA', /12 characters/],
      ['too long', 'cAkPAAAAAAAAA', /12 characters/],
      ['a character outside Base64', 'cAkPAAAAAA-A', /Base64/],
      ['bits 67-71 set', idWithFields([...playing, [67, 5, 1]]), /bits 67-71/],
      ['cube owner bits 10', idWithFields([[4, 2, 2]]), /cube owner/],
      [
        'game state 5',
        idWithFields([
          [4, 2, 3],
          [8, 3, 5],
        ]),
        /game state/,
      ],
      ['a die of 7', idWithFields([...playing, [15, 3, 7], [18, 3, 1]]), /above 6/],
      ['one die without the other', idWithFields([...playing, [15, 3, 4]]), /one die/],
      ['the smaller die first', idWithFields([...playing, [15, 3, 2], [18, 3, 5]]), /smaller die first/],
      ['a 65-point match (gnubg MAXSCORE is 64)', idWithFields([...playing, [21, 15, 65]]), /match length/],
      ['a score above the match length', idWithFields([...playing, [21, 15, 7], [51, 15, 8]]), /score/],
      ['a Crawford game in money play', idWithFields([...playing, [7, 1, 1]]), /Crawford/],
    ];
    it.each(cases)('%s', (_name, id, reason) => {
      expect(refusalCode(() => decodeMatchId(id))).toBe('bad-match-id');
      expect(() => decodeMatchId(id)).toThrow(reason);
    });
  });

  it('refuses to encode fields no Match ID holds, with code bad-fields', () => {
    const bad: Partial<MatchIdFields>[] = [
      { cubeValue: 3 },
      { cubeValue: 65536 },
      { cubeValue: 0 },
      { matchLength: 65 },
      { matchLength: 7, score: [8, 0] },
      { score: [-1, 0] },
      { crawford: true },
      { dice: [0, 3] as unknown as Dice },
      { dice: [7, 1] as unknown as Dice },
      { onRoll: 2 as MatchIdPlayer },
      { gameState: 'finished' as never },
    ];
    for (const patch of bad) {
      expect(refusalCode(() => encodeMatchId({ ...newMoneyGame, ...patch }))).toBe('bad-fields');
    }
  });
});
