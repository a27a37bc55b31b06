/**
 * Who hears that a tournament's entries are open (docs/notifications.md, "Tournaments"): players
 * whose rating its limits take, or, when it has none, players within ANNOUNCEMENT_REACH points of
 * the organiser's rating; at most ANNOUNCEMENT_AUDIENCE of them, the nearest ratings first; and
 * none who was told of TOURNAMENT_ANNOUNCEMENTS_PER_DAY announcements in the last 24 hours.
 */
import { entriesOpen, type TournamentState, type TournamentTerms } from '../../engine/index.js';
import type { Decided } from './decide-notifications.js';
import type { TournamentChange } from './tournament-facts.js';

/** The most players one announcement goes to: a popular rating must not make a relay's transaction a mailing. */
export const ANNOUNCEMENT_AUDIENCE = 200;

/** Without rating limits, the announcement reaches ratings this far from the organiser's, either way. */
export const ANNOUNCEMENT_REACH = 150;

/** The ratings an announcement reaches (null: no bound on that side), and the rating nearest to which it goes first. */
export interface RatingWindow {
  readonly low: number | null;
  readonly high: number | null;
  readonly centre: number;
}

/**
 * The window of a tournament's terms: its limits, nearest first to the organiser's rating (brought
 * into them); without limits, the organiser's rating give or take ANNOUNCEMENT_REACH.
 */
export function announcementWindow(
  terms: Pick<TournamentTerms, 'minRating' | 'maxRating'>,
  organiserRating: number,
): RatingWindow {
  const { minRating: low, maxRating: high } = terms;
  if (low === null && high === null) {
    return {
      low: organiserRating - ANNOUNCEMENT_REACH,
      high: organiserRating + ANNOUNCEMENT_REACH,
      centre: organiserRating,
    };
  }
  const centre = Math.min(Math.max(organiserRating, low ?? -Infinity), high ?? Infinity);
  return { low, high, centre };
}

/**
 * Whether `changes` call for the announcement: the tournament's creation is among them, and when
 * they are decided (`now`) it still takes entries (open, not full, before its entries close).
 */
export function announcing(changes: readonly TournamentChange[], latest: TournamentState, now: Date): boolean {
  return changes.some((change) => change.event.type === 'created') && entriesOpen(latest, now.toISOString());
}

/** The window a player's announcements are counted in (TOURNAMENT_ANNOUNCEMENTS_PER_DAY). */
export const ANNOUNCEMENTS_WINDOW_MS = 24 * 3600 * 1000;

/** Whether a decided notification is an announcement of entries opening. */
export function isAnnouncement(decided: Decided): boolean {
  return decided.notification.type === 'tournament.open';
}

/**
 * `decided` with each player's announcements held to `perDay` in a rolling 24 hours, in order:
 * `received` is when each player was told of announcements before (at least those of the last 24
 * hours); an announcement to a player who has `perDay` of them since `now` less a day is left out.
 * Also the instants to add to each player's receipts (`now`, once per announcement kept).
 */
export function capAnnouncements(
  decided: readonly Decided[],
  received: ReadonlyMap<string, readonly Date[]>,
  now: Date,
  perDay: number,
): { readonly kept: Decided[]; readonly told: Map<string, Date[]> } {
  const since = now.getTime() - ANNOUNCEMENTS_WINDOW_MS;
  const counts = new Map<string, number>();
  const told = new Map<string, Date[]>();
  const kept = decided.filter((d) => {
    if (!isAnnouncement(d)) return true;
    const userId = d.notification.userId;
    const count = counts.get(userId) ?? (received.get(userId) ?? []).filter((at) => at.getTime() > since).length;
    if (count >= perDay) return false;
    counts.set(userId, count + 1);
    told.set(userId, [...(told.get(userId) ?? []), now]);
    return true;
  });
  return { kept, told };
}
