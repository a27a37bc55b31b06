/**
 * Which engine analyses a match (docs/analysis.md "Engines"): GNU Backgammon
 * for backgammon matches where it is installed, at ANALYSIS_GNUBG_PLIES; the
 * service's own network for long nardy, for money sessions and where gnubg is
 * absent, at ANALYSIS_NET_PLIES.
 */
import type { Variant } from '../engine/index.js';
import type { AnalysisEngineChoice } from './analysis-record.js';

export interface AnalysisSettings {
  /** The gnubg program, or null. */
  readonly gnubg: string | null;
  readonly gnubgPlies: number;
  readonly netPlies: 0 | 1;
  readonly timeoutMs: number;
  /** Analyses that may wait in the whole service (ANALYSIS_QUEUE_LIMIT). */
  readonly queueLimit: number;
  /** Of those, asked by one account (ANALYSIS_QUEUE_PER_ACCOUNT). */
  readonly queuePerAccount: number;
}

export function engineFor(variant: Variant, length: number, settings: AnalysisSettings): AnalysisEngineChoice {
  if (variant === 'backgammon' && length > 0 && settings.gnubg !== null) {
    return { name: 'gnubg', plies: settings.gnubgPlies };
  }
  return { name: 'nardy-net', plies: settings.netPlies };
}
