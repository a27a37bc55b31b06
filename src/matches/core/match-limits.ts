/**
 * The limits on new matches (README "Configuration"; docs/rules.md "Ratings";
 * docs/bots.md "Fair turns"): open challenges and invitations waiting at once
 * per user and per invited player, matches under way per user against each
 * house bot, and rated matches per pair of players in a rolling 24 hours. They
 * are counted in the database, in the statement that stores the match or its
 * join (MatchesRepository), so that they hold across requests and nodes.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type { MatchLimitCode } from '../model/match.errors.js';
import type { MatchLimits, RatedPairCheck } from './matches.repository.js';

/** The window the pair's rated matches are counted in. */
const DAY_MS = 24 * 3600 * 1000;

@Injectable()
export class MatchLimitsPolicy {
  private readonly caps: Omit<MatchLimits, 'ratedSince' | 'houseBotMatches'>;
  private readonly houseBotMatches: number;

  constructor(config: ConfigService<Environment, true>) {
    this.caps = {
      openChallenges: config.get('OPEN_CHALLENGES_PER_USER', { infer: true }),
      invitations: config.get('INVITATIONS_PER_USER', { infer: true }),
      invitationsPerTarget: config.get('INVITATIONS_PER_TARGET', { infer: true }),
      ratedPerPairPerDay: config.get('RATED_MATCHES_PER_PAIR_PER_DAY', { infer: true }),
    };
    this.houseBotMatches = config.get('BOT_MATCHES_PER_USER', { infer: true });
  }

  /** The caps a match created at `now` is held to; `againstHouseBot` when it invites a house bot. */
  forCreation(now: Date, againstHouseBot: boolean): MatchLimits {
    return {
      ...this.caps,
      ratedSince: new Date(now.getTime() - DAY_MS),
      houseBotMatches: againstHouseBot ? this.houseBotMatches : null,
    };
  }

  /** The cap a refusal names. */
  capOf(code: MatchLimitCode): number {
    switch (code) {
      case 'too-many-open-challenges':
        return this.caps.openChallenges;
      case 'too-many-invitations':
        return this.caps.invitations;
      case 'too-many-invitations-to-player':
        return this.caps.invitationsPerTarget;
      case 'too-many-bot-matches':
        return this.houseBotMatches;
    }
  }

  /** The check of the pair's rated matches when `joinerId` joins `creatorId`'s open challenge at `now`. */
  forJoin(creatorId: string, joinerId: string, now: Date): RatedPairCheck {
    return { creatorId, joinerId, perDay: this.caps.ratedPerPairPerDay, since: new Date(now.getTime() - DAY_MS) };
  }
}
