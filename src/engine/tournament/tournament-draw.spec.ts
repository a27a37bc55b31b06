/**
 * The draw (knockout-draw.ts, round-robin-draw.ts) and the terms' checks
 * (tournament-terms.ts).
 */
import { bracketOrder, knockoutRounds } from './knockout-draw.js';
import { roundRobinRounds } from './round-robin-draw.js';
import { terms } from '../testing/tournament-run.js';
import { roundLength, roundsOf, termsProblems } from './tournament-terms.js';

describe('a knock-out’s bracket', () => {
  it('places the seeds so that 1 and 2 meet only in the final, 1-4 only in the semi-finals', () => {
    expect(bracketOrder(2)).toEqual([1, 2]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const sixteen = bracketOrder(16);
    expect([...sixteen].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    // Each half holds one of seeds 1 and 2; each quarter one of 1-4.
    expect(sixteen.slice(0, 8)).toContain(1);
    expect(sixteen.slice(8)).toContain(2);
    for (let q = 0; q < 4; q++) expect(sixteen.slice(q * 4, q * 4 + 4).filter((s) => s <= 4)).toHaveLength(1);
    // First-round pairs add up to 17: 1 v 16, 2 v 15, ...
    for (let i = 0; i < 16; i += 2) expect(sixteen[i] + sixteen[i + 1]).toBe(17);
  });

  it('gives the byes to the top seeds when the field is not a power of two', () => {
    const seeds = ['s1', 's2', 's3', 's4', 's5', 's6'];
    const [first, second, final] = knockoutRounds(seeds, [3, 5, 7]);
    const byes = first.slots.filter((s) => s.sides.some((side) => side.kind === 'nobody'));
    expect(byes.map((s) => s.sides.find((side) => side.kind === 'player'))).toEqual([
      { kind: 'player', id: 's1' },
      { kind: 'player', id: 's2' },
    ]);
    expect(first.slots).toHaveLength(4);
    expect(second.slots.every((s) => s.sides.every((side) => side.kind === 'waiting'))).toBe(true);
    expect([first.length, second.length, final.length]).toEqual([3, 5, 7]);
  });

  it('reads the lengths back from the final', () => {
    expect(roundsOf(2)).toBe(1);
    expect(roundsOf(6)).toBe(3);
    expect(roundsOf(64)).toBe(6);
    expect(roundsOf(65)).toBe(7);
    const lengths = [3, 5, 7];
    expect([1, 2, 3, 4, 5].map((r) => roundLength(lengths, r, 5))).toEqual([3, 3, 3, 5, 7]);
    expect([1, 2].map((r) => roundLength(lengths, r, 2))).toEqual([5, 7]);
  });
});

describe('a round-robin’s draw', () => {
  it.each([3, 4, 5, 8, 16])('%i players: every pair plays once, nobody twice in a round', (n) => {
    const seeds = Array.from({ length: n }, (_, i) => `p${i + 1}`);
    const rounds = roundRobinRounds(seeds, 3);
    expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
    const pairs = new Set<string>();
    for (const round of rounds) {
      const seen = new Set<string>();
      for (const slot of round.slots) {
        const ids = slot.sides.map((s) => (s.kind === 'player' ? s.id : ''));
        for (const id of ids) {
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
        pairs.add([...ids].sort().join('|'));
      }
    }
    expect(pairs.size).toBe((n * (n - 1)) / 2);
  });

  it('gives each player white about as often as black', () => {
    const seeds = Array.from({ length: 8 }, (_, i) => `p${i + 1}`);
    const whites = new Map<string, number>();
    for (const slot of roundRobinRounds(seeds, 3).flatMap((r) => r.slots)) {
      const white = slot.sides[0].kind === 'player' ? slot.sides[0].id : '';
      whites.set(white, (whites.get(white) ?? 0) + 1);
    }
    for (const id of seeds) expect(Math.abs((whites.get(id) ?? 0) - 3.5)).toBeLessThanOrEqual(1.5);
  });
});

describe('the terms', () => {
  it('takes good terms', () => {
    expect(termsProblems(terms())).toEqual([]);
    expect(termsProblems(terms({ format: 'round-robin', lengths: [5], maxPlayers: 16 }))).toEqual([]);
  });

  it('refuses a round-robin over 16 players, lengths out of range, ratings upside down, entries closing after the start', () => {
    const fields = (t: Parameters<typeof terms>[0]): string[] => termsProblems(terms(t)).map((p) => p.field);
    expect(fields({ format: 'round-robin', lengths: [3], maxPlayers: 17 })).toEqual(['maxPlayers']);
    expect(fields({ format: 'round-robin', lengths: [3, 5], maxPlayers: 4 })).toEqual(['lengths']);
    expect(fields({ lengths: [0] })).toEqual(['lengths']);
    expect(fields({ lengths: [] })).toEqual(['lengths']);
    expect(fields({ maxPlayers: 1 })).toEqual(['maxPlayers']);
    expect(fields({ maxPlayers: 257 })).toEqual(['maxPlayers']);
    expect(fields({ minRating: 1800, maxRating: 1500 })).toEqual(['minRating']);
    expect(fields({ entriesCloseAt: '2026-02-02T00:00:00.000Z', startsAt: '2026-02-01T00:00:00.000Z' })).toEqual([
      'entriesCloseAt',
    ]);
    expect(fields({ name: '  ' })).toEqual(['name']);
  });
});
