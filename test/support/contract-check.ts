/**
 * Every answer an e2e test's app sends, checked against the committed openapi.json
 * (docs/architecture.md, "API contract"): startTestApp installs the hook, the e2e project's set-up
 * (contract-check.setup.ts) fails the test file that received an answer the document does not describe.
 * Test-only: the production app never judges its own answers.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Answer, ContractChecker, type OpenApiDocument, type Violation } from './contract-checker.js';

/** A violation and the test that received it. */
export interface ReceivedViolation extends Violation {
  readonly test: string;
}

/** Shared through globalThis: the test file's modules and the set-up's may be loaded apart. */
const STATE = Symbol.for('nardy.contract-check');

interface State {
  checker?: ContractChecker;
  readonly violations: ReceivedViolation[];
}

function state(): State {
  const holder = globalThis as { [STATE]?: State };
  return (holder[STATE] ??= { violations: [] });
}

function checker(): ContractChecker {
  const s = state();
  s.checker ??= new ContractChecker(
    JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument,
  );
  return s.checker;
}

/** The name of the running test (or its file's hooks), for the report. */
function currentTest(): string {
  return expect.getState().currentTestName ?? '(a hook)';
}

/**
 * Judges every answer the app sends: in Fastify's onSend, where the status, headers and serialized
 * body are final; an answer taken over from Fastify (an event stream, src/common/server-sent-events.ts)
 * skips onSend, and is judged by its status and media type when it closes.
 */
export function checkAnswersAgainstContract(fastify: FastifyInstance): void {
  const contract = checker();
  const judged = new WeakSet<FastifyRequest>();
  const judge = (request: FastifyRequest, answer: Omit<Answer, 'method' | 'route' | 'requestHadBody'>): void => {
    judged.add(request);
    const found = contract.check({
      ...answer,
      method: request.method,
      route: request.routeOptions.url,
      requestHadBody:
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined,
    });
    if (found.length > 0) state().violations.push(...found.map((v) => ({ ...v, test: currentTest() })));
  };
  fastify.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      if (judged.has(request) || !reply.raw.headersSent) return;
      const contentType = reply.raw.getHeader('content-type');
      judge(request, {
        status: reply.raw.statusCode,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        body: undefined,
      });
    });
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const contentType = reply.getHeader('content-type');
    judge(request, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined,
    });
    return payload;
  });
}

/** The violations received since the last call, emptied. */
export function takeViolations(): ReceivedViolation[] {
  return state().violations.splice(0);
}

/** One line per distinct violation, with how many answers had it and the first test that received it. */
export function formatViolations(violations: readonly ReceivedViolation[]): string {
  const distinct = new Map<string, { v: ReceivedViolation; count: number }>();
  for (const v of violations) {
    const key = `${v.method} ${v.route} ${v.status} ${v.path} ${v.message}`;
    const entry = distinct.get(key);
    if (entry) entry.count += 1;
    else distinct.set(key, { v, count: 1 });
  }
  const lines = [...distinct.values()].map(
    ({ v, count }) =>
      `- ${v.method} ${v.route} → ${v.status} at ${v.path || '(answer)'}: ${v.message}` +
      `${count > 1 ? ` (${count} answers)` : ''} [first during “${v.test}”]`,
  );
  return (
    `${violations.length} answer field(s) in ${distinct.size} distinct violation(s) of openapi.json ` +
    `(docs/architecture.md, "API contract"):\n${lines.join('\n')}`
  );
}

/** Asserts that no answer received since the last look departed from openapi.json, listing those that did. */
export function expectAnswersConform(): void {
  const violations = takeViolations();
  expect(violations.length === 0 ? 'none' : formatViolations(violations)).toBe('none');
}
