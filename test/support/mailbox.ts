import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the mailbox received it: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  readonly to: readonly string[];
  readonly mail: ParsedMail;
}

/**
 * A real SMTP server on a local port (smtp-server), keeping every mail it is sent, parsed by
 * mailparser: what the service's nodemailer transport talks to in the e-mail tests. It takes
 * any sender and recipient, without TLS or a login, as a development mail catcher does.
 */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private readonly waiters = new Set<() => void>();

  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.take({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), mail });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  private constructor() {}

  static async start(): Promise<Mailbox> {
    const box = new Mailbox();
    await new Promise<void>((resolve) => box.server.listen(0, '127.0.0.1', resolve));
    return box;
  }

  /** The SMTP_URL of this mailbox. */
  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** The mails received for `address` so far. */
  to(address: string): ParsedMail[] {
    return this.received.filter((r) => r.to.includes(address.toLowerCase())).map((r) => r.mail);
  }

  /** Waits (up to a generous deadline) until `address` has received `count` mails; answers the last. */
  async nth(address: string, count: number, deadlineMs = 30_000): Promise<ParsedMail> {
    const end = Date.now() + deadlineMs;
    while (this.to(address).length < count) {
      if (Date.now() > end) {
        throw new Error(`${address} received ${this.to(address).length} mails, not ${count}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.to(address)[count - 1];
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(resolve));
  }

  private take(received: ReceivedMail): void {
    this.received.push(received);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }
}

/** The text part of a mail. */
export const textOf = (mail: ParsedMail): string => mail.text ?? '';

/** The token of the link in a mail (`…#token=…`: in the fragment, which no request carries). */
export function linkTokenOf(mail: ParsedMail): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(textOf(mail));
  if (!match) throw new Error(`No link with a token in: ${textOf(mail)}`);
  return match[1];
}
