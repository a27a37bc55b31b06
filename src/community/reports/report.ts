/**
 * The players' reports (docs/community.md, "Reports"): a case per reporter and target while it is open,
 * each filing of the reporter about the target joined to it, until a moderator closes it.
 */

/** Why a player reports another. */
export const REPORT_REASONS = ['cheating', 'abuse', 'offensive-username', 'stalling', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A case is open until a moderator closes it; a filing after that opens a new one. */
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The most characters a filing's text holds. */
export const REPORT_TEXT_MAX = 2000;

/** One filing of a case: what its reporter said, and when. */
export interface ReportFiling {
  readonly id: string;
  readonly reporterId: string;
  /** The reporter's username. Shown to moderators only, never to the target. */
  readonly reporter: string;
  readonly reason: ReportReason;
  readonly matchId: string | null;
  readonly messageId: string | null;
  readonly text: string | null;
  readonly createdAt: Date;
}

/** A case: one reporter's filings about one target while it was open, and how it was closed. */
export interface ReportCase {
  readonly id: string;
  readonly status: ReportStatus;
  readonly targetId: string;
  /** The target's username. */
  readonly target: string;
  readonly reporterId: string;
  readonly reporter: string;
  readonly createdAt: Date;
  /** The last filing's time (the first filing's until another joins). */
  readonly updatedAt: Date;
  readonly closedAt: Date | null;
  readonly closedById: string | null;
  /** The moderator who closed it (null while open, or when that account is gone). */
  readonly closedBy: string | null;
  readonly resolution: string | null;
  /** Oldest first. */
  readonly filings: readonly ReportFiling[];
}

/** A filing as its reporter's own data shows it (the account's export): about whom, in which case. */
export interface FilingByReporter {
  readonly id: string;
  readonly reportId: string;
  /** The target's username. */
  readonly target: string;
  readonly reason: ReportReason;
  readonly matchId: string | null;
  readonly messageId: string | null;
  readonly text: string | null;
  readonly createdAt: Date;
}
