import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Injectable } from '@nestjs/common';
import { OutboundAgents } from '../core/outbound-agent.js';

/** How long a delivery may take, connecting and answering: then it is cut, and failed (docs/webhooks.md, "Deliveries"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The most of an answer that is read; the rest is not waited for (the connection is closed). */
export const WEBHOOK_ANSWER_MAX_BYTES = 4096;

/** What a receiver made of a POST. */
export interface WebhookAnswer {
  /** The HTTP status; null when there was none (refused address, no connection, timeout). */
  readonly status: number | null;
  /** Why it is not delivered, in a line; null for a 2xx. */
  readonly error: string | null;
}

/** Answered in the 2xx range: delivered. */
export const delivered = (answer: WebhookAnswer): boolean => answer.error === null;

/** An error's message on one line, short. */
function lineOf(err: unknown): string {
  const error = err as NodeJS.ErrnoException;
  const text = error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * POSTs a delivery's body to a webhook (docs/webhooks.md, "Deliveries"): through OutboundAgents,
 * so that a host resolving to an address webhooks may not reach is refused at connection time;
 * without following redirects (a 3xx is a failure: a receiver is to be registered at its final
 * URL); for at most WEBHOOK_TIMEOUT_MS in all (or the shorter time of a first try made by the relay); reading at most WEBHOOK_ANSWER_MAX_BYTES of the answer.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly agents: OutboundAgents) {}

  post(
    url: string,
    headers: Readonly<Record<string, string>>,
    body: string,
    timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ): Promise<WebhookAnswer> {
    return new Promise((resolve) => {
      let settled = false;
      /** Called once the answer's status came: settles on it with what was read of the body. */
      let answered: (() => void) | null = null;
      const settle = (answer: WebhookAnswer): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: 'POST',
          agent: this.agents.for(target),
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          answered = this.read(res, settle);
        },
      );
      const timer = setTimeout(() => {
        // An answer whose status came but whose body is slow is cut: its status counts.
        if (answered) answered();
        else settle({ status: null, error: `No answer within ${timeoutMs / 1000} s.` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err) => settle({ status: null, error: lineOf(err) }));
      req.end(body);
    });
  }

  /**
   * Reads the start of the answer, then settles on its status; an answer too long is cut by
   * closing the connection. Returns what settles on what was read so far.
   */
  private read(res: IncomingMessage, settle: (answer: WebhookAnswer) => void): () => void {
    const status = res.statusCode ?? 0;
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      const ok = status >= 200 && status < 300;
      const start = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 120);
      const why = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      settle({ status, error: ok ? null : `HTTP ${status}${why}${start ? `: ${start}` : ''}` });
    };
    res.on('data', (chunk: Buffer) => {
      if (size >= WEBHOOK_ANSWER_MAX_BYTES) return;
      chunks.push(chunk.subarray(0, WEBHOOK_ANSWER_MAX_BYTES - size));
      size += chunk.length;
      if (size >= WEBHOOK_ANSWER_MAX_BYTES) {
        done();
        res.destroy();
      }
    });
    res.on('end', done);
    // Cut before its end (by us, or the receiver): the status it gave counts.
    res.on('error', done);
    res.on('close', done);
    return done;
  }
}
