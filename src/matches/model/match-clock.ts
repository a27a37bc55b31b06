/**
 * The correspondence clock (docs/rules.md M5): with `daysPerTurn`, each
 * decision has a deadline. A decision runs from the moment a player must act
 * until someone else must (a roll the server throws for the player and the
 * play that follows are one decision). Optional time banks, like
 * DailyGammon's time pools: `bankDays` per player for the whole match; a
 * decision that takes longer than `daysPerTurn` spends the excess from its
 * player's bank, so the deadline is the decision's start + daysPerTurn + the
 * bank left. Pure functions of the stored clock and the time.
 */
import type { Colour } from '../../engine/index.js';
import type { MatchClockState } from './match-record.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ClockTerms {
  readonly daysPerTurn: number | null;
  readonly bankDays: number;
}

/** The clock of a new match: nobody on it, full banks. */
export function newClock(terms: ClockTerms): MatchClockState {
  const bank = terms.daysPerTurn === null ? 0 : terms.bankDays * DAY_MS;
  return { turnStartedAt: null, deadline: null, bankMs: { white: bank, black: bank } };
}

/**
 * The clock after a change of who must decide, at `now`: the player who was
 * on the clock pays any time over `daysPerTurn` from the bank; the next one
 * (if any) starts a decision. Unchanged while the same player stays on it.
 */
export function passClock(
  clock: MatchClockState,
  terms: ClockTerms,
  from: Colour | null,
  to: Colour | null,
  now: Date,
): MatchClockState {
  if (terms.daysPerTurn === null) return clock;
  if (from === to && clock.turnStartedAt !== null) return clock;
  let bankMs = clock.bankMs;
  if (from !== null && clock.turnStartedAt !== null) {
    const over = now.getTime() - clock.turnStartedAt.getTime() - terms.daysPerTurn * DAY_MS;
    if (over > 0) bankMs = { ...bankMs, [from]: Math.max(0, bankMs[from] - over) };
  }
  if (to === null) return { turnStartedAt: null, deadline: null, bankMs };
  return {
    turnStartedAt: now,
    deadline: new Date(now.getTime() + terms.daysPerTurn * DAY_MS + bankMs[to]),
    bankMs,
  };
}

/** Whether the deadline of the decision under way has passed at `now`. */
export function deadlinePassed(clock: MatchClockState, now: Date): boolean {
  return clock.deadline !== null && now.getTime() > clock.deadline.getTime();
}
