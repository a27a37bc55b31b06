/**
 * GNU Backgammon as a bot, for the bots module to offer (docs/bots.md "GNU
 * Backgammon as a bot"): one GnubgPlayer, available when gnubg was found, and
 * ended with the application. It is the application's ExternalBotPlayer, a
 * global provider, so that the house bots' policy (src/house-bots) asks it
 * whether gnubg answers without importing the bots module.
 */
import { Global, Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { ExternalBotPlayer } from '../../house-bots/index.js';
import { GnubgPlayer } from './gnubg-player.js';
import { gnubgSettings } from './gnubg-settings.js';

@Global()
@Module({
  providers: [
    {
      provide: GnubgPlayer,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        new GnubgPlayer(gnubgSettings(config), new Logger('Gnubg')),
    },
    { provide: ExternalBotPlayer, useExisting: GnubgPlayer },
  ],
  exports: [GnubgPlayer, ExternalBotPlayer],
})
export class GnubgModule {}
