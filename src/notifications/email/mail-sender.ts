import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Environment } from '../../config/environment.js';
import { makePrivateDirectory, writePrivateFile } from '../../config/private-files.js';
import type { MailContent } from './mail-content.js';

/** One mail, ready to go. */
export interface OutgoingMail extends MailContent {
  readonly to: string;
  /** `<id@host>` (RFC 5322): the notification's stable id, so a retry is the same message. */
  readonly messageId: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Where unsent mail is kept in development, under DATA_DIR. */
export const UNSENT_MAIL_DIR = 'unsent-mail';

/**
 * Sends mail over SMTP_URL with nodemailer (docs/email.md, "Why nodemailer"): one pooled transport,
 * its errors thrown for the queue to retry. Without SMTP_URL (the embedded default), a mail is
 * not sent: in development it is written to a file of DATA_DIR/unsent-mail (owner-only), whose
 * name the log gives, so that a developer can follow a verification or reset link; its text never
 * goes to the log, which is no place for a reset token (docs/architecture.md, "Logging"). Elsewhere
 * only a warning says that mail is off.
 */
@Injectable()
export class MailSender implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  private readonly from: string;
  private readonly production: boolean;
  /** Where unsent mail is written: in development only. */
  private readonly unsentMail: string | null;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    const environment = config.get('NODE_ENV', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.production = environment === 'production';
    this.transport = url ? nodemailer.createTransport(url) : null;
    this.unsentMail =
      this.transport === null && environment === 'development'
        ? join(config.get('DATA_DIR', { infer: true }), UNSENT_MAIL_DIR)
        : null;
    if (this.transport === null && this.production) {
      this.logger.warn('SMTP_URL is not set: no mail is sent (verification, password reset, notifications)');
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport === null) {
      if (this.unsentMail !== null) {
        makePrivateDirectory(this.unsentMail);
        const file = join(this.unsentMail, `${mail.messageId.replace(/[^A-Za-z0-9.@-]/g, '')}.txt`);
        writePrivateFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
        this.logger.log(`Mail not sent (no SMTP_URL) to ${mail.to}: ${mail.subject}; its text is in ${file}`);
      } else if (this.production) this.logger.warn(`Mail ${mail.messageId} not sent: SMTP_URL is not set`);
      else this.logger.log(`Mail ${mail.messageId} not sent: SMTP_URL is not set`);
      return;
    }
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: { ...mail.headers },
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
