/**
 * Knock-outs over random fields and results (fast-check): whatever the field
 * (2-64) and whoever wins, the tournament ends with one champion after exactly
 * N - 1 decided matches (byes do not count; there are no withdrawals here),
 * seeds 1 and 2 meet only in the final, and replaying the log gives the same
 * state.
 */
import fc from 'fast-check';
import { dueMatches } from './tournament-follow-ups.js';
import { TournamentRun, terms } from '../testing/tournament-run.js';
import { allSlots } from './tournament-state.js';

describe('a knock-out, for random fields and results', () => {
  it('ends with one champion after N - 1 matches; seeds 1 and 2 meet only in the final; the log replays to the same state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        (field, choices) => {
          const run = new TournamentRun(terms({ lengths: [1, 3, 5], maxPlayers: 64 }));
          // Ratings spread with ties, so that seeding by rating and by entry both count.
          for (let i = 0; i < field; i++) run.enter(`p${i}`, 1500 + ((i * 37) % 11) * 10);
          run.start();
          let c = 0;
          let matches = 0;
          for (let running = run.running(); running.length > 0; running = run.running()) {
            // Any running match may end next, and either player may win it.
            const slot = running[choices[c++ % choices.length] % running.length];
            const side = choices[c++ % choices.length] % 2;
            const winner = slot.sides[side];
            if (winner.kind !== 'player') throw new Error('a running match without its two players');
            const length = run.state.rounds[slot.round - 1].length;
            run.finish(slot, winner.id, side === 0 ? [length, length - 1] : [length - 1, length]);
            matches++;
          }
          const { state } = run;
          const seedOf = (seed: number): string => state.entrants.find((e) => e.seed === seed)?.id ?? '';
          const top = [seedOf(1), seedOf(2)];
          const meetings = allSlots(state).filter(
            (s) =>
              s.matchId !== null && top.every((id) => s.sides.some((side) => side.kind === 'player' && side.id === id)),
          );
          const passes =
            state.status === 'finished' &&
            state.champion !== null &&
            matches === field - 1 &&
            allSlots(state).filter((s) => s.decided === 'match').length === field - 1 &&
            dueMatches(state).length === 0 &&
            meetings.every((s) => s.round === state.rounds.length) &&
            JSON.stringify(run.replayed()) === JSON.stringify(state);
          // One expect, on failure only: fast-check shrinks on the boolean.
          if (!passes)
            expect({ field, status: state.status, champion: state.champion, matches, meetings }).toBe('passing');
          return passes;
        },
      ),
      { numRuns: 150 },
    );
  });
});
