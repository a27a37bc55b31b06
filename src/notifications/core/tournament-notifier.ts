import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { Clock } from '../../common/clock.js';
import { Outbox, type OutboxAcknowledge, type OutboxMessage } from '../../database/outbox/outbox.js';
import type { Decided } from './decide-notifications.js';
import { decideTournamentNotifications } from './decide-tournament-notifications.js';
import { NotificationJobs } from './notification-jobs.js';
import type { OpenTransaction } from './notification-queue.js';
import { Notifier } from './notifier.js';
import {
  ANNOUNCEMENT_AUDIENCE,
  ANNOUNCEMENTS_WINDOW_MS,
  announcementWindow,
  announcing,
  capAnnouncements,
  isAnnouncement,
} from './tournament-announcement.js';
import { type TournamentFacts, tournamentChanges } from './tournament-facts.js';
import { TournamentFactsRepository } from './tournament-facts.repository.js';

/** A tournament's new events, folded, before the accounts they name are read. */
type Folded = Omit<TournamentFacts, 'people' | 'audience'> & { readonly lastVersion: number };

/**
 * The tournaments' notifier (docs/notifications.md, "Tournaments"), the outbox's subscriber
 * `notifications.tournament` (messages `tournament.appended`, one per tournament standing for all
 * its events since the last): in one transaction per batch holds each tournament's "last decided
 * version", reads its events after it (folding those before with the engine), decides, makes the
 * first try of the webhooks (on PostgreSQL) and queues the rest, raises the version and
 * acknowledges the messages. A second transaction on the same tournament (another node, a notifier
 * run again after a crash) waits for the first's commit and then finds its events decided. Woken by
 * the tournament events' NOTIFY, the match feed and a periodic look (NotificationWorkers).
 */
@Injectable()
export class TournamentNotifier extends Notifier {
  private readonly announcementsPerDay: number;

  constructor(
    private readonly facts: TournamentFactsRepository,
    jobs: NotificationJobs,
    private readonly clock: Clock,
    outbox: Outbox,
    config: ConfigService<Environment, true>,
  ) {
    // Messages taken per transaction: 20.
    super('notifications.tournament', 20, jobs, outbox, config);
    this.announcementsPerDay = config.get('TOURNAMENT_ANNOUNCEMENTS_PER_DAY', { infer: true });
  }

  /** One transaction: the tournaments of `messages` decided and queued, the messages acknowledged. */
  async handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void> {
    const tournaments = [...new Set(messages.map((m) => m.key))].sort();
    await this.facts.transaction(async (tx) => {
      const decided = await this.facts.lockDecided(tx, tournaments);
      const since = await this.facts.since(tx, decided);
      const now = this.clock.now();
      const folded: Folded[] = [];
      const raised = new Map<string, number>();
      for (const [tournamentId, { state, events }] of since) {
        const lastVersion = Math.max(0, ...events.map((e) => e.version));
        if (lastVersion <= (decided.get(tournamentId) ?? 0)) continue;
        raised.set(tournamentId, lastVersion);
        folded.push({ tournamentId, lastVersion, ...tournamentChanges(state, events) });
      }
      await this.jobs.enqueueAll(await this.decide(tx, folded, now), { tx, firstTry: this.firstTry });
      await this.facts.markDecided(tx, raised);
      await acknowledge(messages, tx);
    });
    this.jobs.wake();
  }

  /**
   * The notifications of `folded`: the accounts they name read in one query; an announcement's
   * audience read from the organiser's rating, then its accounts.
   */
  private async decide(tx: OpenTransaction, folded: readonly Folded[], now: Date): Promise<Decided[]> {
    if (folded.length === 0) return [];
    const named = folded.flatMap((f) => [f.latest.organiser.id, ...f.latest.entrants.map((e) => e.id)]);
    const people = await this.facts.people(tx, named);
    const audiences = new Map<string, string[]>();
    for (const f of folded) {
      const organiser = people.get(f.latest.organiser.id);
      if (organiser === undefined || !announcing(f.changes, f.latest, now)) continue;
      const window = announcementWindow(f.latest.terms, organiser.rating);
      audiences.set(f.tournamentId, await this.facts.audience(tx, window, organiser.id, ANNOUNCEMENT_AUDIENCE));
    }
    const unknown = [...audiences.values()].flat().filter((id) => !people.has(id));
    for (const [id, person] of await this.facts.people(tx, unknown)) people.set(id, person);
    const decided = folded.flatMap((f) =>
      decideTournamentNotifications({ ...f, people, audience: audiences.get(f.tournamentId) ?? [] }, now),
    );
    return this.withinDailyAnnouncements(tx, decided, now);
  }

  /**
   * `decided` with the announcements to players told of TOURNAMENT_ANNOUNCEMENTS_PER_DAY of them in
   * the last 24 hours left out; the ones kept recorded, in `tx`, under a lock on each player's receipts.
   */
  private async withinDailyAnnouncements(tx: OpenTransaction, decided: Decided[], now: Date): Promise<Decided[]> {
    const told = decided.filter(isAnnouncement).map((d) => d.notification.userId);
    if (told.length === 0) return decided;
    const received = await this.facts.lockReceipts(tx, told, new Date(now.getTime() - ANNOUNCEMENTS_WINDOW_MS));
    const capped = capAnnouncements(decided, received, now, this.announcementsPerDay);
    await this.facts.addReceipts(tx, capped.told);
    return capped.kept;
  }
}
