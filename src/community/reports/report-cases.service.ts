import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { Page, PageRequest } from '../../common/page-cursor.js';
import { isUuid } from '../../common/uuid.js';
import type { FilingByReporter, ReportCase, ReportStatus } from './report.js';
import { ReportClosedError, ReportNotFoundError } from './reports.errors.js';
import { ReportsRepository, type Runner } from './reports.repository.js';

/** A page of the queue asked for: the cases of `status`, after `cursor`. */
export interface CasesQuery extends PageRequest {
  readonly status: ReportStatus;
}

/**
 * The report cases as the moderators and the account's export read them (docs/community.md,
 * "Reports"): the queue, a case, closing one, the cases about a player, and a reporter's own filings.
 * The moderation module builds its routes on these; it checks who asks, this does not.
 */
@Injectable()
export class ReportCasesService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly clock: Clock,
  ) {}

  /** The cases of `status`, the latest filing first, each with its filings (oldest first). */
  cases(query: CasesQuery): Promise<Page<ReportCase>> {
    return this.reports.cases(query.status, { cursor: query.cursor, limit: query.limit });
  }

  /** The case `id`; ReportNotFoundError for none (an id that is not a UUID included). */
  async case(id: string): Promise<ReportCase> {
    const found = isUuid(id) ? await this.reports.case(id) : null;
    if (found === null) throw new ReportNotFoundError();
    return found;
  }

  /**
   * `moderatorId` closes the open case `id` with `resolution`, and answers it closed; ReportNotFoundError
   * for none, ReportClosedError for a case closed already. A later filing of its reporter about its
   * target opens a new case. Given `tx`, the closing runs in that transaction (the caller's record of
   * it commits with it).
   */
  async close(id: string, moderatorId: string, resolution: string, tx?: Runner): Promise<ReportCase> {
    if (!isUuid(id)) throw new ReportNotFoundError();
    const outcome = await this.reports.close(id, moderatorId, resolution, this.clock.now(), tx);
    if (outcome === 'not-found') throw new ReportNotFoundError();
    if (outcome === 'already-closed') throw new ReportClosedError();
    const closed = await this.reports.case(id, tx);
    if (closed === null) throw new ReportNotFoundError();
    return closed;
  }

  /** Every case about the player `targetId`, open and closed, the latest filing first. */
  casesAbout(targetId: string): Promise<ReportCase[]> {
    return this.reports.casesAbout(targetId);
  }

  /** Every filing of `reporterId`, the newest first (the account's own data: docs/community.md, "Reports"). */
  filingsBy(reporterId: string): Promise<FilingByReporter[]> {
    return this.reports.filingsBy(reporterId);
  }
}
