/**
 * A knock-out's draw (docs/tournaments.md "Knock-out"): the field seeded by
 * rating, placed in a bracket the size of the next power of two so that
 * seeds 1 and 2 can meet only in the final, 1-4 only in the semi-finals, and
 * so on; the places beyond the field are byes, which fall to the top seeds.
 */
import type { Slot, SlotSide, TournamentRound } from './tournament-state.js';
import { roundLength, roundsOf } from './tournament-terms.js';

/**
 * The seeds of a bracket of `size` (a power of two) in the order of its places: 1, 16, 8, 9, 4,
 * 13, … for 16. Places 2k and 2k+1 meet in the first round; each pair of the order's halves,
 * quarters, … meets only in the round it fills.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2;
    order = order.flatMap((seed) => [seed, next + 1 - seed]);
  }
  return order;
}

/** The rounds of a knock-out with `seeds` (ids, seed 1 first): round 1 drawn, the later rounds waiting. */
export function knockoutRounds(seeds: readonly string[], lengths: readonly number[]): TournamentRound[] {
  const rounds = roundsOf(seeds.length);
  const order = bracketOrder(1 << rounds);
  const side = (seed: number): SlotSide =>
    seed <= seeds.length ? { kind: 'player', id: seeds[seed - 1] } : { kind: 'nobody' };
  const result: TournamentRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = 1 << (rounds - round);
    const slots: Slot[] = [];
    for (let slot = 0; slot < count; slot++) {
      const sides: [SlotSide, SlotSide] =
        round === 1 ? [side(order[2 * slot]), side(order[2 * slot + 1])] : [{ kind: 'waiting' }, { kind: 'waiting' }];
      slots.push({ round, slot, sides, matchId: null, winner: null, points: null, decided: null });
    }
    result.push({ number: round, length: roundLength(lengths, round, rounds), slots });
  }
  return result;
}
