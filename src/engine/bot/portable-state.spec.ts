/**
 * A match state sent to a worker thread (portable-state.ts) comes back as the
 * same state to decide on: after a structured clone, the house bot decides
 * exactly as on the original, and a play phase has the same plays in the
 * same order.
 */
import { mulberry32 } from '../prng.js';
import { playRandomMatch } from '../testing/random-match.js';
import { botDecision } from './bot-decision.js';
import { portableState, restoredState } from './portable-state.js';

describe.each(['backgammon', 'long-nardy'] as const)('%s: a match state through a structured clone', (variant) => {
  // Every phase a match goes through: a match with the cube and resignations, and a money session.
  const states = [
    ...playRandomMatch({ variant, length: 3, rules: {} }, 5).states,
    ...playRandomMatch({ variant, length: 0, rules: { jacoby: true, beavers: true } }, 6).states,
  ];

  it('passes every phase of a match as plain data', () => {
    const kinds = new Set(states.map((s) => s.phase.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['roll', 'play', 'cube-response']));
    for (const state of states) expect(() => structuredClone(portableState(state))).not.toThrow();
  });

  it('gives the same plays in the same order, and the same decision of each level', () => {
    let plays = 0;
    for (const state of states.filter((_, i) => i % 8 === 0)) {
      const restored = restoredState(structuredClone(portableState(state)));
      const { phase } = state;
      if (phase.kind === 'play' && restored.phase.kind === 'play') {
        expect(restored.phase.plays.map((p) => p.moves)).toEqual(phase.plays.map((p) => p.moves));
        plays++;
      }
      if (!('player' in phase)) continue;
      for (const level of ['easy', 'strong'] as const) {
        const original = botDecision(state, phase.player, level, mulberry32(9), { plies: level === 'strong' ? 1 : 0 });
        const there = botDecision(restored, phase.player, level, mulberry32(9), { plies: level === 'strong' ? 1 : 0 });
        expect(there).toEqual(original);
      }
    }
    expect(plays).toBeGreaterThan(5);
  });
});
