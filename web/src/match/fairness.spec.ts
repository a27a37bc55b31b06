import { commitment, deriveRoll, mulberry32 } from '../../../src/engine/index.js';
import {
  checkFairness,
  commitmentOf,
  diceMessage,
  recomputeDice,
  recomputeThrow,
  type FairnessRecord,
} from './fairness.js';

// Expected values: the test vectors of docs/dice-fairness.md (computed with an independent Python
// implementation) and the engine's own derivation (src/engine/dice.ts, node:crypto).

const S1 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const S2 = '238a31ccee3ddce50612ed11f6d2d42ad425415e6bb891a0dd95fea686c13b18';

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function randomSeed(random: () => number): string {
  return Array.from({ length: 32 }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
}

describe('the nardy-dice-v1 derivation over Web Crypto', () => {
  it('gives the commitments of the documented seeds S1 and S2', async () => {
    expect(await commitmentOf(S1)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(await commitmentOf(S2)).toBe('b68ec9c6b950a9a9d6c7010bfed32bc8c2ac769a81c53bf9cffabad1f1cdf5d2');
  });

  it('builds the documented message of vector 1 byte for byte', () => {
    expect(hexOf(diceMessage('m-1', [], 0, 0))).toBe(
      '6e617264792d646963652d7631000000036d2d31000000000000000000000000',
    );
  });

  it.each([
    { vector: 1, seed: S1, id: 'm-1', seeds: [], index: 0, dice: [2, 4] },
    { vector: 2, seed: S1, id: 'm-1', seeds: ['alice'], index: 0, dice: [2, 4] },
    { vector: 3, seed: S1, id: 'm-1', seeds: ['alice', 'bob'], index: 1, dice: [3, 2] },
    { vector: 4, seed: S1, id: 'm-1', seeds: ['bob', 'alice'], index: 1, dice: [1, 4] },
    {
      vector: 5,
      seed: S2,
      id: '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b',
      seeds: ['нарды 🎲'],
      index: 4294967295,
      dice: [1, 4],
    },
    { vector: 6, seed: S2, id: 'match-42', seeds: ['', 'x'], index: 7, dice: [3, 1] },
    { vector: 7, seed: S1, id: 'm-1', seeds: [], index: 30, dice: [2, 6] },
  ])(
    'gives the throw $dice of vector $vector of docs/dice-fairness.md (vector 7 rejects a byte)',
    async ({ seed, id, seeds, index, dice }) => {
      expect(await recomputeThrow(seed, id, seeds, index)).toEqual(dice);
    },
  );

  it('goes on into block 1 when block 0 runs out of accepted bytes (the documented first 40 dice)', async () => {
    const expected = '2,4,6,2,6,5,5,1,3,3,5,5,5,2,4,5,1,2,5,2,5,5,2,4,3,4,3,5,2,2,6,3,3,5,1,4,2,2,6,3';
    expect((await recomputeDice(S1, 'm-1', [], 0, 40)).join(',')).toBe(expected);
  });

  it("agrees with the engine's deriveRoll and commitment for many random seeds, matches, client seeds and indices", async () => {
    const random = mulberry32(2026);
    for (let n = 0; n < 60; n++) {
      const seed = randomSeed(random);
      const matchId = `match-${Math.floor(random() * 1e6)}`;
      const clientSeeds = Array.from({ length: Math.floor(random() * 3) }, (_, i) => `seed ${i} ✓ ${random()}`);
      expect(await commitmentOf(seed)).toBe(commitment(seed));
      for (let k = 0; k < 5; k++) {
        const rollIndex = Math.floor(random() * 500);
        expect(await recomputeThrow(seed, matchId, clientSeeds, rollIndex)).toEqual([
          ...deriveRoll({ seed, matchId, clientSeeds }, rollIndex),
        ]);
      }
    }
  });
});

describe('checkFairness', () => {
  const matchId = '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b';
  const clientSeeds = ['alice', 'bob'];

  function recordOf(seed: string | null, published = commitment(S2)): FairnessRecord {
    const context = { seed: S2, matchId, clientSeeds };
    // An opening throw (index 0, [white, black]) and rolls, as the engine derives them.
    const throws = [0, 1, 2, 3, 4, 5].map((rollIndex) => ({
      rollIndex,
      seq: rollIndex + 3,
      dice: [...deriveRoll(context, rollIndex)],
    }));
    return { algorithm: 'nardy-dice-v1', commitment: published, seed, clientSeeds, throws };
  }

  it('finds an honest match fair: the seed hashes to the commitment and every throw recomputes', async () => {
    const check = await checkFairness(matchId, recordOf(S2));
    expect(check.verdict).toBe('fair');
    expect(check.commitmentMatches).toBe(true);
    expect(check.throws).toHaveLength(6);
    expect(check.throws.every((t) => t.matches)).toBe(true);
    expect(check.throws[2]).toEqual({
      index: 2,
      seq: 5,
      recorded: check.throws[2].recomputed,
      recomputed: check.throws[2].recomputed,
      matches: true,
    });
  });

  it('detects a tampered throw and says which one', async () => {
    const record = recordOf(S2);
    const tampered = record.throws.map((t) =>
      t.rollIndex === 4 ? { ...t, dice: [t.dice[0] === 6 ? 1 : t.dice[0] + 1, t.dice[1]] } : t,
    );
    const check = await checkFairness(matchId, { ...record, throws: tampered });
    expect(check.verdict).toBe('dice-mismatch');
    expect(check.commitmentMatches).toBe(true);
    expect(check.throws.filter((t) => !t.matches).map((t) => t.index)).toEqual([4]);
  });

  it('detects a seed that is not the committed one', async () => {
    const check = await checkFairness(matchId, recordOf(S1));
    expect(check.verdict).toBe('commitment-mismatch');
    expect(check.commitmentMatches).toBe(false);
    expect(check.seedHash).toBe(commitment(S1));
  });

  it('detects throws made for another match id (the id is part of every message)', async () => {
    expect((await checkFairness('another-match', recordOf(S2))).verdict).toBe('dice-mismatch');
  });

  it('checks nothing before the seed is revealed, nor an unknown scheme or an unreadable seed', async () => {
    expect((await checkFairness(matchId, recordOf(null))).verdict).toBe('seed-not-revealed');
    expect((await checkFairness(matchId, { ...recordOf(S2), algorithm: 'other-v2' })).verdict).toBe(
      'unknown-algorithm',
    );
    expect((await checkFairness(matchId, recordOf('XYZ'))).verdict).toBe('malformed-seed');
  });
});
