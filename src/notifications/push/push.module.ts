import { Module } from '@nestjs/common';
import { onBackgroundPool } from '../../database/background-sql-client.js';
import { SecurityModule } from '../../security/index.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { PushChannel } from './push-channel.js';
import { PushPublicKeyController } from './push-public-key.controller.js';
import { PushSubscriptionsController } from './push-subscriptions.controller.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';
import { VapidKeysRepository } from './vapid-keys.repository.js';
import { Vapid } from './vapid.js';

/** Web push: the VAPID key, subscriptions, and the push channel (docs/web-push.md). */
@Module({
  imports: [SecurityModule, PreferencesModule],
  controllers: [PushPublicKeyController, PushSubscriptionsController],
  providers: [
    onBackgroundPool,
    Vapid,
    VapidKeysRepository,
    PushSubscriptionsRepository,
    PushSubscriptionsService,
    PushChannel,
  ],
  exports: [PushChannel],
})
export class PushModule {}
