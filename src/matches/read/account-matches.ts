/**
 * Every match of an account with its events (docs/accounts.md, "Your data"): what the export of an
 * account's data writes out, a match at a time, each as the lists show it and its events as
 * GET /api/matches/{id}/events answers them.
 */
import { Injectable } from '@nestjs/common';
import { MatchStore } from '../core/match-store.js';
import { eventView } from '../view/match-event-view.js';
import type { EventView, MatchSummaryView } from '../view/match-history-view.js';
import { summaryView } from '../view/match-summary.js';
import { OpenMatchesRepository, type MatchOfAccount } from './open-matches.repository.js';

/** A match of the account, and its whole event log. */
export interface AccountMatch {
  readonly match: MatchSummaryView;
  readonly events: readonly EventView[];
}

/** Matches read from the database at a time. */
const PAGE = 50;

@Injectable()
export class AccountMatches {
  constructor(
    private readonly matches: OpenMatchesRepository,
    private readonly store: MatchStore,
  ) {}

  /** Every match `userId` has a part in, oldest first, one at a time with its events. */
  async *of(userId: string): AsyncGenerator<AccountMatch> {
    let after: MatchOfAccount | null = null;
    for (;;) {
      const page = await this.matches.allOf(userId, after, PAGE);
      for (const { id } of page) {
        const record = await this.store.record(id);
        const events = await this.store.events(record);
        yield { match: summaryView(record), events: events.map(eventView) };
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }
}
