import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { MessagesOfAuthor, ReportCasesService, type ReportCase, type ReportStatus } from '../community/index.js';
import { inForce, UsersRepository } from '../users/index.js';
import type { ReportCaseDto, ReportCasePageDto } from './http/dto/report-case.dto.js';
import { ModerationLogEntryDto } from './http/dto/moderation-entry.dto.js';
import { ModerationLogRepository } from './moderation-log.repository.js';
import { TargetDoingsRepository } from './target-doings.repository.js';

/** What a case shows of its target's doings. */
const RECENT_MATCHES = 10;
const RECENT_MESSAGES = 20;
const RECENT_ACTIONS = 20;

/**
 * The moderators' report queue (docs/moderation.md, "The report queue"): the cases of the players'
 * reports (community's ReportCasesService), each with its target's standing, latest matches and
 * messages, and the moderators' latest actions on them; closing a case is logged.
 */
@Injectable()
export class ReportQueueService {
  constructor(
    private readonly cases: ReportCasesService,
    private readonly messages: MessagesOfAuthor,
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly doings: TargetDoingsRepository,
    private readonly clock: Clock,
  ) {}

  async page(status: ReportStatus, cursor: string | undefined, limit: number): Promise<ReportCasePageDto> {
    const page = await this.cases.cases({ status, cursor, limit });
    // One case after the other: a page's reads never take more than a case's four connections at once.
    const items: ReportCaseDto[] = [];
    for (const one of page.items) items.push(await this.view(one));
    return { items, next: page.next };
  }

  /** `moderatorId` closes the case `id` with `resolution`, logged as `close-report` on its target. */
  async close(moderatorId: string, id: string, resolution: string): Promise<ReportCaseDto> {
    // The closing and its entry in the log commit together.
    const closed = await this.log.transaction(async (tx) => {
      const found = await this.cases.close(id, moderatorId, resolution, tx);
      await this.log.append(tx, {
        action: 'close-report',
        targetId: found.targetId,
        moderatorId,
        reason: resolution,
        days: null,
        endsAt: null,
        reportId: found.id,
        details: { reportId: found.id, reporter: found.reporter, filings: found.filings.length },
        createdAt: this.clock.now(),
      });
      return found;
    });
    return this.view(closed);
  }

  private async view(found: ReportCase): Promise<ReportCaseDto> {
    const now = this.clock.now();
    const [target, matches, messages, actions] = await Promise.all([
      this.users.findById(found.targetId),
      this.doings.recentMatches(found.targetId, RECENT_MATCHES),
      this.messages.latest(found.targetId, RECENT_MESSAGES),
      this.log.latestOn([found.targetId], RECENT_ACTIONS),
    ]);
    return {
      id: found.id,
      status: found.status,
      target: {
        username: found.target,
        role: target?.role ?? 'player',
        muted: target !== null && inForce(target.state.mute, now),
        banned: target !== null && inForce(target.state.ban, now),
        renameRequired: target?.state.renameRequired ?? false,
        closed: target?.state.closedAt != null,
        rating: target?.rating ?? 0,
      },
      filings: found.filings.map((f) => ({
        reporter: f.reporter,
        reason: f.reason,
        matchId: f.matchId,
        messageId: f.messageId,
        text: f.text,
        createdAt: f.createdAt.toISOString(),
      })),
      createdAt: found.createdAt.toISOString(),
      updatedAt: found.updatedAt.toISOString(),
      closedAt: found.closedAt?.toISOString() ?? null,
      closedBy: found.closedBy,
      resolution: found.resolution,
      recentMatches: matches.map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        finishedAt: m.finishedAt?.toISOString() ?? null,
      })),
      recentMessages: messages,
      actions: actions.map((entry) => ModerationLogEntryDto.of(entry)),
    };
  }
}
