/**
 * A round-robin's draw (docs/tournaments.md "Round-robin"): every pair of the
 * group plays one match, all created at the start. They are set out in
 * rounds by the circle method (Berger tables), each player at most once a
 * round, so a crosstable reads round by round; with an odd field one player
 * rests each round. The first of a slot's players plays white; the fixed
 * player changes colour from round to round.
 */
import type { Slot, TournamentRound } from './tournament-state.js';

export function roundRobinRounds(seeds: readonly string[], length: number): TournamentRound[] {
  const ring: (string | null)[] = [...seeds];
  if (ring.length % 2 === 1) ring.push(null);
  const n = ring.length;
  const rounds: TournamentRound[] = [];
  for (let r = 0; r < n - 1; r++) {
    const slots: Slot[] = [];
    for (let i = 0; i < n / 2; i++) {
      let a = ring[i];
      let b = ring[n - 1 - i];
      if (a === null || b === null) continue;
      if (i === 0 && r % 2 === 1) [a, b] = [b, a];
      slots.push({
        round: r + 1,
        slot: slots.length,
        sides: [
          { kind: 'player', id: a },
          { kind: 'player', id: b },
        ],
        matchId: null,
        winner: null,
        points: null,
        decided: null,
      });
    }
    rounds.push({ number: r + 1, length, slots });
    // Rotate every place but the first.
    ring.splice(1, 0, ring.pop() ?? null);
  }
  return rounds;
}
