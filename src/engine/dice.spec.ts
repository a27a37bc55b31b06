import {
  byteToDie,
  commitment,
  deriveDiceSequence,
  deriveOpeningThrow,
  deriveRoll,
  diceBlock,
  diceMessage,
  generateServerSeed,
  verifyCommitment,
  verifyThrows,
  type DiceContext,
} from './dice.js';

const S1 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const S2 = '238a31ccee3ddce50612ed11f6d2d42ad425415e6bb891a0dd95fea686c13b18';

/** The vectors of docs/dice-fairness.md, computed once by an independent Python implementation. */
const VECTORS: ReadonlyArray<{
  seed: string;
  matchId: string;
  clientSeeds: string[];
  index: number;
  dice: [number, number];
}> = [
  { seed: S1, matchId: 'm-1', clientSeeds: [], index: 0, dice: [2, 4] },
  { seed: S1, matchId: 'm-1', clientSeeds: ['alice'], index: 0, dice: [2, 4] },
  { seed: S1, matchId: 'm-1', clientSeeds: ['alice', 'bob'], index: 1, dice: [3, 2] },
  { seed: S1, matchId: 'm-1', clientSeeds: ['bob', 'alice'], index: 1, dice: [1, 4] },
  {
    seed: S2,
    matchId: '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b',
    clientSeeds: ['нарды 🎲'],
    index: 4294967295,
    dice: [1, 4],
  },
  { seed: S2, matchId: 'match-42', clientSeeds: ['', 'x'], index: 7, dice: [3, 1] },
  { seed: S1, matchId: 'm-1', clientSeeds: [], index: 30, dice: [2, 6] },
];

describe('provably fair dice (nardy-dice-v1)', () => {
  it('publishes sha256 of the raw seed bytes as the commitment', () => {
    expect(commitment(S1)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(commitment(S2)).toBe('b68ec9c6b950a9a9d6c7010bfed32bc8c2ac769a81c53bf9cffabad1f1cdf5d2');
    expect(verifyCommitment(S1, commitment(S1))).toBe(true);
    expect(verifyCommitment(S2, commitment(S1))).toBe(false);
  });

  it.each(VECTORS.map((v, i) => [i + 1, v] as const))('reproduces test vector %i of docs/dice-fairness.md', (_n, v) => {
    const context: DiceContext = { seed: v.seed, matchId: v.matchId, clientSeeds: v.clientSeeds };
    expect(deriveRoll(context, v.index)).toEqual(v.dice);
  });

  it('encodes the message with length prefixes exactly as documented', () => {
    expect(diceMessage('m-1', [], 0, 0).toString('hex')).toBe(
      '6e617264792d646963652d7631000000036d2d31000000000000000000000000',
    );
    const context = { seed: S1, matchId: 'm-1', clientSeeds: [] };
    expect(diceBlock(context, 0, 0).toString('hex')).toBe(
      'b569e3af473abe1e983e1658c4d92dd630a9b2430a6a4fc902fc45bcbe55ebb9',
    );
    expect(diceBlock(context, 30, 0).toString('hex')).toBe(
      '31ff65090d80dbb0b0a6ee6f3468db8c966c3bb7617acf1f0adc6e5d3d4f4752',
    );
  });

  it('keeps field boundaries: moving a character between client seeds changes the message', () => {
    expect(diceMessage('m', ['ab', 'c'], 0, 0).equals(diceMessage('m', ['a', 'bc'], 0, 0))).toBe(false);
    expect(diceMessage('m', ['x'], 0, 0).equals(diceMessage('mx', [], 0, 0))).toBe(false);
  });

  it('rejects bytes 252..255 and maps the others to byte % 6 + 1', () => {
    expect([0, 5, 6, 251].map(byteToDie)).toEqual([1, 6, 1, 6]);
    expect([252, 253, 254, 255].map(byteToDie)).toEqual([null, null, null, null]);
  });

  it('extends the stream with the block counter when 32 bytes run out', () => {
    const context = { seed: S1, matchId: 'm-1', clientSeeds: [] };
    const forty = deriveDiceSequence(context, 0, 40);
    expect(forty.join(',')).toBe('2,4,6,2,6,5,5,1,3,3,5,5,5,2,4,5,1,2,5,2,5,5,2,4,3,4,3,5,2,2,6,3,3,5,1,4,2,2,6,3');
    // Block 0 holds one rejected byte, so 31 dice come from it and the rest from block 1.
    const block1Dice = [...diceBlock(context, 0, 1)].map(byteToDie).filter((d) => d !== null);
    expect(forty.slice(31)).toEqual(block1Dice.slice(0, 9));
  });

  it('gives the opening throw white the first die and black the second', () => {
    const context = { seed: S1, matchId: 'm-1', clientSeeds: ['alice', 'bob'] };
    expect(deriveOpeningThrow(context, 1)).toEqual({ white: 3, black: 2 });
  });

  it('verifies a revealed match and points at a forged throw', () => {
    const context = { seed: S1, matchId: 'm-1', clientSeeds: ['alice', 'bob'] };
    const published = commitment(S1);
    const honest = [
      { rollIndex: 1, kind: 'opening' as const, white: 3 as const, black: 2 as const },
      { rollIndex: 2, kind: 'roll' as const, dice: deriveRoll(context, 2) },
    ];
    expect(verifyThrows(context, published, honest)).toEqual({ ok: true });
    const real = deriveRoll(context, 3);
    const wrong = [((real[0] % 6) + 1) as 1, real[1]] as const;
    const forged = [...honest, { rollIndex: 3, kind: 'roll' as const, dice: wrong }];
    const verdict = verifyThrows(context, published, forged);
    expect(verdict).toEqual({
      ok: false,
      reason: 'dice-mismatch',
      mismatches: [{ rollIndex: 3, recorded: wrong, derived: real }],
    });
    expect(verifyThrows(context, commitment(S2), honest)).toMatchObject({ ok: false, reason: 'commitment-mismatch' });
  });

  it('draws fresh 32-byte seeds', () => {
    const a = generateServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(a);
    expect(() => commitment('abc')).toThrow(RangeError);
  });

  it('passes a chi-square sanity check over 60,000 derived dice (faces and ordered pairs)', () => {
    const context = { seed: S2, matchId: 'chi-square', clientSeeds: ['a', 'b'] };
    const faces = new Array<number>(6).fill(0);
    const pairs = new Array<number>(36).fill(0);
    const throws = 30_000;
    for (let i = 0; i < throws; i++) {
      const [a, b] = deriveRoll(context, i);
      faces[a - 1]++;
      faces[b - 1]++;
      pairs[(a - 1) * 6 + (b - 1)]++;
    }
    const chiSquare = (counts: number[], expected: number) =>
      counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare(faces, (2 * throws) / 6)).toBeLessThan(20.52); // 5 dof, p = 0.001
    expect(chiSquare(pairs, throws / 36)).toBeLessThan(66.62); // 35 dof, p = 0.001
  });
});
