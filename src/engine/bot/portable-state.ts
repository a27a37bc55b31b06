/**
 * A match state as another thread receives it (the service decides for its
 * house bots in worker threads, docs/bots.md "Deciding"): plain data that
 * survives a structured clone. Everything in a MatchState is plain data but
 * the legal plays of a play phase, which the phase builds on first access
 * from the move generator's search; they are left out here and generated
 * again, in the same order, where the state is restored.
 */
import { legalPlays } from '../legal-plays.js';
import { positionFor, type MatchState, type Phase } from '../match-state.js';
import type { Colour, Dice } from '../types.js';

/** A play phase without its plays. */
interface PortablePlay {
  readonly kind: 'play';
  readonly player: Colour;
  readonly dice: Dice;
}

type PortablePhase =
  | Exclude<Phase, { kind: 'play' } | { kind: 'resignation-response' }>
  | PortablePlay
  | (Omit<Extract<Phase, { kind: 'resignation-response' }>, 'resume'> & {
      readonly resume: Extract<Phase, { kind: 'roll' }> | PortablePlay;
    });

/** A MatchState whose phase holds no plays: what `portableState` gives and `restoredState` takes. */
export type PortableMatchState = Omit<MatchState, 'phase'> & { readonly phase: PortablePhase };

/** `state` as plain data, for a structured clone. */
export function portableState(state: MatchState): PortableMatchState {
  const { phase } = state;
  const plain = (p: { kind: 'play'; player: Colour; dice: Dice }): PortablePlay => ({
    kind: 'play',
    player: p.player,
    dice: p.dice,
  });
  if (phase.kind === 'play') return { ...state, phase: plain(phase) };
  if (phase.kind === 'resignation-response' && phase.resume.kind === 'play') {
    return { ...state, phase: { ...phase, resume: plain(phase.resume) } };
  }
  return state;
}

/** The state `portableState` made, its play phases with their legal plays again. */
export function restoredState(portable: PortableMatchState): MatchState {
  const state = portable as unknown as MatchState;
  const withPlays = (p: PortablePlay): Extract<Phase, { kind: 'play' }> => ({
    kind: 'play',
    player: p.player,
    dice: p.dice,
    plays: legalPlays(state.config.variant, positionFor(state, p.player), p.dice, {
      firstTurn: state.game.firstTurn[p.player],
    }),
  });
  const { phase } = portable;
  if (phase.kind === 'play') return { ...state, phase: withPlays(phase) };
  if (phase.kind === 'resignation-response' && phase.resume.kind === 'play') {
    return { ...state, phase: { ...phase, resume: withPlays(phase.resume) } };
  }
  return state;
}
