/**
 * Which house bot plays what (house-bots.ts), with what only the running
 * service knows: whether the external player (GNU Backgammon) answers now.
 * The external player is the one the GNU Backgammon module provides to the
 * whole application (a global provider), injected here; a service built
 * without it counts gnubg as unavailable. So match creation (in src/matches)
 * and the bots' worker (in src/bots) ask the same question the same way, and
 * neither imports the other for it (docs/bots.md, "Who plays what").
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Variant } from '../engine/index.js';
import { ExternalBotPlayer } from './external-bot-player.js';
import { houseBotRefusal, houseBotVariants, type HouseBot } from './house-bots.js';

@Injectable()
export class HouseBotPolicy {
  constructor(
    // Named: a union type gives Nest no token to inject by.
    @Optional() @Inject(ExternalBotPlayer) private readonly external: ExternalBotPlayer | null = null,
  ) {}

  /** Why `houseBot` cannot play a match of `variant` now; null when it can. */
  refusal(houseBot: HouseBot, variant: Variant): string | null {
    return houseBotRefusal(houseBot, variant, this.external?.available() ?? false);
  }

  /** Why `houseBot` plays nothing now (gnubg while GNU Backgammon does not answer); null when it plays. */
  unavailable(houseBot: HouseBot): string | null {
    const refusals = houseBotVariants(houseBot).map((variant) => this.refusal(houseBot, variant));
    return refusals.every((refusal) => refusal !== null) ? refusals[0] : null;
  }
}
