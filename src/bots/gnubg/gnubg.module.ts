/**
 * GNU Backgammon as a bot, for the bots module to offer (docs/bots.md "GNU
 * Backgammon as a bot"): one GnubgPlayer, available when gnubg was found, and
 * ended with the application.
 */
import { Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { GnubgPlayer } from './gnubg-player.js';
import { gnubgSettings } from './gnubg-settings.js';

@Module({
  providers: [
    {
      provide: GnubgPlayer,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        new GnubgPlayer(gnubgSettings(config), new Logger('Gnubg')),
    },
  ],
  exports: [GnubgPlayer],
})
export class GnubgModule {}
