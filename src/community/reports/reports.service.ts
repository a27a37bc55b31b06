import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { MatchStore } from '../../matches/index.js';
import { UserNotFoundError, UsersRepository } from '../../users/index.js';
import type { ReportReason, ReportStatus } from './report.js';
import {
  CannotReportSelfError,
  NotTheirMatchError,
  NotTheirMessageError,
  TooManyReportsError,
} from './reports.errors.js';
import { ReportsRepository } from './reports.repository.js';

/** How many reports a player may file in 24 hours (docs/community.md, "Reports"). */
export const REPORTS_PER_DAY = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report as a player files it (checked in shape by the DTO; the text normalised). */
export interface ReportRequest {
  readonly username: string;
  readonly reason: ReportReason;
  readonly matchId?: string;
  readonly messageId?: string;
  readonly text?: string;
}

/** What the reporter is told: the case their filing joined, and its status. */
export interface FiledReport {
  readonly id: string;
  readonly status: ReportStatus;
}

/**
 * Filing a report (docs/community.md, "Reports"): about a player other than the reporter, with the
 * match they played and the message they wrote it is about, if any; joined to the reporter's open case
 * about them, or opening one; at most REPORTS_PER_DAY a day. The target is told nothing.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly users: UsersRepository,
    private readonly matches: MatchStore,
    private readonly clock: Clock,
  ) {}

  async file(reporterId: string, request: ReportRequest): Promise<FiledReport> {
    const target = await this.users.findByUsername(request.username);
    if (target === null) throw new UserNotFoundError(request.username);
    if (target.id === reporterId) throw new CannotReportSelfError();
    if (request.matchId !== undefined) {
      const { record } = await this.matches.load(request.matchId);
      if (record.white?.id !== target.id && record.black?.id !== target.id) throw new NotTheirMatchError();
    }
    if (request.messageId !== undefined) {
      const message = await this.reports.messageOf(request.messageId);
      if (
        message === null ||
        message.authorId !== target.id ||
        (request.matchId !== undefined && message.matchId !== request.matchId)
      ) {
        throw new NotTheirMessageError();
      }
    }
    const now = this.clock.now();
    const outcome = await this.reports.file(
      {
        reporterId,
        targetId: target.id,
        reason: request.reason,
        matchId: request.matchId ?? null,
        messageId: request.messageId ?? null,
        text: request.text ?? null,
        at: now,
      },
      { since: new Date(now.getTime() - DAY_MS), limit: REPORTS_PER_DAY },
    );
    if ('freeFrom' in outcome) {
      const waitMs = outcome.freeFrom.getTime() + DAY_MS - now.getTime();
      throw new TooManyReportsError(REPORTS_PER_DAY, Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return { id: outcome.reportId, status: 'open' };
  }
}
