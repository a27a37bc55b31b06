import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { MailSender } from './mail-sender.js';

const config = (settings: Partial<Environment>): ConfigService<Environment, true> =>
  ({
    get: (key: keyof Environment) => ({ MAIL_FROM: 'Nardy <nardy@localhost>', ...settings })[key],
  }) as unknown as ConfigService<Environment, true>;

const mail = {
  to: 'ann@example.com',
  subject: 'Reset your Nardy password',
  text: 'https://nardy.test/reset-password?token=nardy_pr_secret',
  html: '<p></p>',
  messageId: '<1@nardy.test>',
  headers: {},
};

describe('MailSender without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('logs the mail, link included, in development, and resolves', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new MailSender(config({ NODE_ENV: 'development' })).send(mail);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toContain('reset-password?token=nardy_pr_secret');
  });

  it('warns at start in production, and never logs a mail’s text', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const sender = new MailSender(config({ NODE_ENV: 'production' }));
    expect(warn).toHaveBeenCalledTimes(1);
    await sender.send(mail);
    expect(log).not.toHaveBeenCalled();
    expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).not.toContain('nardy_pr_secret');
  });
});

describe('MailSender with SMTP_URL', () => {
  it('rejects when the server cannot be reached, so the queue tries again later', async () => {
    const sender = new MailSender(config({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:1' }));
    try {
      await expect(sender.send(mail)).rejects.toThrow();
    } finally {
      sender.onModuleDestroy();
    }
  });
});
