import { Module } from '@nestjs/common';
import { onBackgroundPool } from '../../database/background-sql-client.js';
import { AuthModule } from '../../auth/index.js';
import { SecurityModule } from '../../security/index.js';
import { UsersModule } from '../../users/index.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { EmailAddressController } from './email-address.controller.js';
import { EmailAddressService } from './email-address.service.js';
import { EmailAddressesRepository } from './email-addresses.repository.js';
import { EmailChannel } from './email.channel.js';
import { EmailDigest } from './email-digest.js';
import { EmailDigestRepository } from './email-digest.repository.js';
import { EmailTokensRepository } from './email-tokens.repository.js';
import { MailSender } from './mail-sender.js';
import { OneClickUnsubscribe } from './one-click-unsubscribe.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { PublicLinks } from './public-links.js';
import { UnsubscribeController } from './unsubscribe.controller.js';

/** E-mail: addresses, their verification, password reset, the daily digest, and the e-mail channel (docs/email.md). */
@Module({
  imports: [SecurityModule, UsersModule, AuthModule, PreferencesModule],
  controllers: [EmailAddressController, PasswordResetController, UnsubscribeController],
  providers: [
    onBackgroundPool,
    EmailAddressesRepository,
    EmailTokensRepository,
    EmailDigestRepository,
    EmailAddressService,
    PasswordResetService,
    OneClickUnsubscribe,
    EmailDigest,
    MailSender,
    PublicLinks,
    EmailChannel,
  ],
  exports: [EmailChannel, EmailDigest],
})
export class EmailModule {}
