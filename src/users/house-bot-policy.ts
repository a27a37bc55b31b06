/**
 * Which house bot plays what (house-bots.ts), with what only the running
 * service knows: whether the external player (GNU Backgammon) answers now.
 * The bots module, which holds that player, attaches it at start-up; until it
 * does, the external player counts as unavailable. So match creation (in
 * src/matches) and the bots' worker (in src/bots) ask the same question the
 * same way, and matches never imports bots (docs/bots.md, "Who plays what").
 */
import { Injectable } from '@nestjs/common';
import type { Variant } from '../engine/index.js';
import { houseBotRefusal, houseBotVariants, type HouseBot } from './house-bots.js';

@Injectable()
export class HouseBotPolicy {
  private externalAvailable: () => boolean = () => false;

  /** Tells the policy how to know whether the external player answers (the bots module, at start-up). */
  attachExternalPlayer(available: () => boolean): void {
    this.externalAvailable = available;
  }

  /** Why `houseBot` cannot play a match of `variant` now; null when it can. */
  refusal(houseBot: HouseBot, variant: Variant): string | null {
    return houseBotRefusal(houseBot, variant, this.externalAvailable());
  }

  /** Why `houseBot` plays nothing now (gnubg while GNU Backgammon does not answer); null when it plays. */
  unavailable(houseBot: HouseBot): string | null {
    const refusals = houseBotVariants(houseBot).map((variant) => this.refusal(houseBot, variant));
    return refusals.every((refusal) => refusal !== null) ? refusals[0] : null;
  }
}
