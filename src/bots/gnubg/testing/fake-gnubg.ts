/**
 * A stand-in for GNU Backgammon in its external mode, for the supervisor's
 * tests (gnubg-process.spec.ts): a Node script that reads `external <socket>`
 * on stdin, listens there and answers each line as told, and can die at
 * start-up or on a request the first few times it runs (it counts its runs
 * in a file). Test code only.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FakeGnubg {
  /** `echo` answers each line with itself, `silent` never answers, any other text is the answer. */
  readonly answer: string;
  /** Delay before each answer. */
  readonly delayMs?: number;
  /** The first runs that die at start-up (SIGSEGV), before listening. */
  readonly crashAtStart?: number;
  /** The first runs (after those) that die when they get a line, without answering. */
  readonly crashOnRequest?: number;
}

const SCRIPT = `
import { createServer } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const fake = JSON.parse(CONFIG);
const runs = existsSync(fake.counter) ? Number(readFileSync(fake.counter, 'utf8')) : 0;
writeFileSync(fake.counter, String(runs + 1));
if (runs < (fake.crashAtStart ?? 0)) {
  process.kill(process.pid, 'SIGSEGV');
  await new Promise(() => undefined);
}
const dieOnRequest = runs < (fake.crashAtStart ?? 0) + (fake.crashOnRequest ?? 0);
let input = '';
let server = null;
process.stdin.on('data', (chunk) => {
  input += chunk;
  const found = /^external (.+)$/m.exec(input);
  if (found && server === null) server = createServer(serve).listen(found[1]);
});
function serve(socket) {
  let buffer = '';
  let pending = false;
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\\n'); end >= 0; end = buffer.indexOf('\\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (dieOnRequest) process.kill(process.pid, 'SIGKILL');
      if (fake.answer === 'silent') continue;
      if (pending) { socket.write('overlap\\n'); continue; }
      pending = true;
      setTimeout(() => {
        pending = false;
        socket.write((fake.answer === 'echo' ? line : fake.answer) + '\\n');
      }, fake.delayMs ?? 0);
    }
  });
}
`;

/** Writes the fake into `dir` and returns its path, to be run as gnubg. */
export function writeFakeGnubg(dir: string, fake: FakeGnubg): string {
  const path = join(dir, 'fake-gnubg.mjs');
  const config = JSON.stringify({ ...fake, counter: join(dir, 'runs') });
  writeFileSync(path, `#!${process.execPath}\nconst CONFIG = ${JSON.stringify(config)};\n${SCRIPT}`);
  chmodSync(path, 0o755);
  return path;
}
