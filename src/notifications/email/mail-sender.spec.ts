import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { MailSender, UNSENT_MAIL_DIR } from './mail-sender.js';

const config = (settings: Partial<Environment>): ConfigService<Environment, true> =>
  ({
    get: (key: keyof Environment) => ({ MAIL_FROM: 'Nardy <nardy@localhost>', ...settings })[key],
  }) as unknown as ConfigService<Environment, true>;

const mail = {
  to: 'ann@example.com',
  subject: 'Reset your Nardy password',
  text: 'https://nardy.test/reset-password#token=nardy_pr_secret',
  html: '<p></p>',
  messageId: '<1@nardy.test>',
  headers: {},
};

describe('MailSender without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes the mail, link included, to a file of its owner’s only in development, logs where, and resolves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nardy-mail-'));
    try {
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      await new MailSender(config({ NODE_ENV: 'development', DATA_DIR: dataDir })).send(mail);
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0][0]);
      expect(line).not.toContain('nardy_pr_secret');
      const file = join(dataDir, UNSENT_MAIL_DIR, '1@nardy.test.txt');
      expect(line).toContain(file);
      expect(readFileSync(file, 'utf8')).toContain('reset-password#token=nardy_pr_secret');
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('neither logs nor writes a mail’s text in tests', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new MailSender(config({ NODE_ENV: 'test' })).send(mail);
    expect(log.mock.calls.map((call) => String(call[0])).join('\n')).not.toContain('nardy_pr_secret');
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
