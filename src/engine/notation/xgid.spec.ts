import fc from 'fast-check';
import type { Dice, Die } from '../types.js';
import { decodeMatchId, type MatchIdFields } from './match-id.js';
import { arbitraryPosition, gnubgNotation, refusalCode } from '../testing/gnubg-notation.js';
import { decodePositionId } from './position-id.js';
import { decodeXgid, encodeXgid, XGID_DECISIONS, xgidToGnubg, type XgidFields, type XgSide } from './xgid.js';

const swapPlayers = (p: 0 | 1): 0 | 1 => (p === 0 ? 1 : 0);

/**
 * What gnubg 1.07 keeps of Match ID fields once it has loaded them (`set matchid`, which `set xgid`
 * ends with): "SetMatchID cannot handle positions where a double has been offered" (it steps back
 * to before the double: no offer, the doubler to act), and "The cube is disabled during the
 * Crawford game" (cube value 1). With O on roll it then swaps the players (`swapped`).
 */
function asGnubgKeepsIt(match: MatchIdFields, swapped: boolean): MatchIdFields {
  // (and the Match ID holds the larger die first)
  const dice = match.dice === null ? null : ([Math.max(...match.dice), Math.min(...match.dice)] as unknown as Dice);
  let m: MatchIdFields = { ...match, dice, doubleOffered: false, turn: match.onRoll };
  if (m.crawford) m = { ...m, cubeValue: 1 };
  if (!swapped) return m;
  return {
    ...m,
    onRoll: swapPlayers(m.onRoll),
    turn: swapPlayers(m.turn),
    cubeOwner: m.cubeOwner === null ? null : swapPlayers(m.cubeOwner),
    score: [m.score[1], m.score[0]],
  };
}

describe('XGID', () => {
  const example = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10';

  it('reads the documented example: starting position, X to play 5-2, money with Jacoby and beavers, cube limit 1024', () => {
    expect(decodeXgid(example)).toEqual({
      position: decodePositionId('4HPwATDgc/ABMA'),
      turn: 'x',
      cubeValue: 1,
      cubeOwner: null,
      decision: 'play',
      dice: [5, 2],
      score: { x: 0, o: 0 },
      matchLength: 0,
      crawford: false,
      jacoby: true,
      beavers: true,
      maxCubeValue: 1024,
    } satisfies XgidFields);
    expect(encodeXgid(decodeXgid(example))).toBe(example);
  });

  it('reads the example as gnubg 1.07 `set xgid` does: 4HPwATDgc/ABMA:cIkKAAAAAAAA', () => {
    const { positionId, match } = xgidToGnubg(decodeXgid(example));
    expect(positionId).toBe('4HPwATDgc/ABMA');
    expect(match).toEqual(decodeMatchId('cIkKAAAAAAAA'));
  });

  it("sees the board from the side named by the turn field (O on roll: player = O, in O's numbering)", () => {
    // X: 2 on its 24 point and a checker on its bar; O: 3 on O's 6 point (X's 19), 1 on O's bar.
    const f = decodeXgid('XGID=a------------------c----BA:0:0:-1:31:0:0:0:0:10');
    expect(f.turn).toBe('o');
    expect(f.position.player.points[5]).toBe(3);
    expect(f.position.player.bar).toBe(1);
    expect(f.position.opponent.points[23]).toBe(2);
    expect(f.position.opponent.bar).toBe(1);
    expect(f.position.player.off).toBe(11);
    expect(f.position.opponent.off).toBe(12);
  });

  it.each(gnubgNotation.xgids.map((c) => [c.xgid, c] as const))(
    '%s: round-trips, and reads as gnubg 1.07 `set xgid` read it',
    (xgid, { gnubgId, swapped }) => {
      const fields = decodeXgid(xgid);
      expect(encodeXgid(fields)).toBe(xgid);
      const [positionId, matchId] = gnubgId.split(':') as [string, string];
      const ours = xgidToGnubg(fields);
      expect(ours.positionId).toBe(positionId);
      expect(swapped).toBe(fields.turn === 'o');
      expect(asGnubgKeepsIt(ours.match, swapped)).toEqual(decodeMatchId(matchId));
    },
  );

  const side = fc.constantFrom<XgSide>('x', 'o');
  const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;
  const arbitraryFields: fc.Arbitrary<XgidFields> = fc
    .record({
      position: arbitraryPosition,
      turn: side,
      cubeValue: fc.integer({ min: 0, max: 15 }).map((e) => 2 ** e),
      cubeOwner: fc.option(side),
      decision: fc.constantFrom(...XGID_DECISIONS),
      dice: fc.tuple(die, die),
      scores: fc.tuple(fc.nat(64), fc.nat(64)),
      matchLength: fc.integer({ min: 0, max: 64 }),
      flags: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
      maxCubeValue: fc.integer({ min: 0, max: 15 }).map((e) => 2 ** e),
    })
    .map(({ scores, flags: [crawford, jacoby, beavers], dice, ...f }) => ({
      ...f,
      dice: f.decision === 'play' ? (dice as Dice) : null,
      score:
        f.matchLength > 0
          ? { x: scores[0] % (f.matchLength + 1), o: scores[1] % (f.matchLength + 1) }
          : { x: scores[0], o: scores[1] },
      crawford: f.matchLength > 0 && crawford,
      jacoby: f.matchLength === 0 && jacoby,
      beavers: f.matchLength === 0 && beavers,
    }));

  it('round-trips all fields: decode(encode(f)) = f and encode(decode(s)) = s', () => {
    fc.assert(
      fc.property(arbitraryFields, (fields) => {
        const xgid = encodeXgid(fields);
        expect(xgid).toMatch(/^XGID=[-A-Oa-o]{26}(:[-0-9DBR]+){9}$/);
        expect(decodeXgid(xgid)).toEqual(fields);
        expect(encodeXgid(decodeXgid(xgid))).toBe(xgid);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads an XGID without the "XGID=" prefix, as gnubg does', () => {
    expect(decodeXgid(example.slice(5))).toEqual(decodeXgid(example));
  });

  it('maps onto gnubg with X as player 1, O as player 0, and a double offered by the side on roll (gnubg SetXGID)', () => {
    const f = decodeXgid('XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:3:5:0:9:10');
    const { match } = xgidToGnubg(f);
    expect(match).toEqual({
      cubeValue: 4,
      cubeOwner: 0,
      onRoll: 0,
      crawford: false,
      gameState: 'playing',
      turn: 1,
      doubleOffered: true,
      resignation: 'none',
      dice: null,
      matchLength: 9,
      score: [5, 3],
      jacoby: false,
    } satisfies MatchIdFields);
  });

  it('refuses beavered and raccooned cubes for gnubg, as gnubg 1.07 does ("Not a valid XGID"), with code bad-xgid', () => {
    for (const d of ['B', 'R']) {
      const f = decodeXgid(`XGID=-b----E-C---eE---c-e----B-:1:-1:1:${d}:0:0:3:0:10`);
      expect(refusalCode(() => xgidToGnubg(f))).toBe('bad-xgid');
    }
  });

  describe('refuses what is not an XGID, with code bad-xgid', () => {
    const cases: [string, string][] = [
      ['nine fields', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0'],
      ['a 25-character position', 'XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10'],
      ['a letter beyond O', 'XGID=-b----E-C---eE---c-e----Z-:0:0:1:52:0:0:3:0:10'],
      ["X on O's bar", 'XGID=Ab----E-C---eE---c-e----A-:0:0:1:52:0:0:3:0:10'],
      ['16 checkers for X', 'XGID=-b----F-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'],
      ['turn 0', 'XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10'],
      ['cube owner 2', 'XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:3:0:10'],
      ['a die of 7', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10'],
      ['one die', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:3:0:10'],
      ['rules 2 in match play', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:7:10'],
      ['rules 4 in money play', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:4:0:10'],
      ['a score above the match length', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:8:0:0:7:10'],
      ['a negative cube', 'XGID=-b----E-C---eE---c-e----B-:-1:0:1:52:0:0:3:0:10'],
      ['a number with a plus sign', 'XGID=-b----E-C---eE---c-e----B-:+1:0:1:52:0:0:3:0:10'],
      ['a match longer than 64', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:65:10'],
    ];
    it.each(cases)('%s', (_name, xgid) => {
      expect(refusalCode(() => decodeXgid(xgid))).toBe('bad-xgid');
    });
  });

  it('refuses to encode inconsistent fields, with code bad-fields', () => {
    const base = decodeXgid(example);
    const noDice: XgidFields = { ...base, dice: null };
    const diceWhenRolling: XgidFields = { ...base, decision: 'roll' };
    const jacobyInMatch: XgidFields = { ...base, matchLength: 7 };
    const crawfordMoney: XgidFields = { ...base, jacoby: false, beavers: false, crawford: true };
    const badCube: XgidFields = { ...base, cubeValue: 3 };
    const badPosition: XgidFields = {
      ...base,
      position: { ...base.position, player: { ...base.position.player, off: 1 } },
    };
    for (const f of [noDice, diceWhenRolling, jacobyInMatch, crawfordMoney, badCube, badPosition]) {
      expect(refusalCode(() => encodeXgid(f))).toBe('bad-fields');
    }
  });
});
