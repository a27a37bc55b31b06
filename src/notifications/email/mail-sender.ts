import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Environment } from '../../config/environment.js';
import type { MailContent } from './mail-content.js';

/** One mail, ready to go. */
export interface OutgoingMail extends MailContent {
  readonly to: string;
  /** `<id@host>` (RFC 5322): the notification's stable id, so a retry is the same message. */
  readonly messageId: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Sends mail over SMTP_URL with nodemailer (docs/email.md, "Why nodemailer"): one pooled transport,
 * its errors thrown for the queue to retry. Without SMTP_URL (the embedded default), a mail is
 * logged instead, so a developer can follow a verification or reset link from the log; in
 * production it is not logged (it may hold a reset token), only a warning that mail is off.
 */
@Injectable()
export class MailSender implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  private readonly from: string;
  private readonly production: boolean;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.production = config.get('NODE_ENV', { infer: true }) === 'production';
    this.transport = url ? nodemailer.createTransport(url) : null;
    if (this.transport === null && this.production) {
      this.logger.warn('SMTP_URL is not set: no mail is sent (verification, password reset, notifications)');
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport === null) {
      if (this.production) this.logger.warn(`Mail ${mail.messageId} not sent: SMTP_URL is not set`);
      else this.logger.log(`Mail not sent (no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.text}`);
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
