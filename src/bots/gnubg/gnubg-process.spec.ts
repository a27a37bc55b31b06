import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GnubgProcess, type GnubgProcessOptions } from './gnubg-process.js';
import { GnubgError, type GnubgFailure } from './gnubg.errors.js';
import { writeFakeGnubg, type FakeGnubg } from './testing/fake-gnubg.js';
import { running } from './testing/process-state.js';

/**
 * The supervisor against a stand-in for gnubg (testing/fake-gnubg.ts) that
 * answers, stays silent or dies as each test needs; gnubg itself is not
 * needed. Timeouts are short so that the failures come quickly.
 */
describe('the gnubg supervisor', () => {
  let dir: string;
  const processes: GnubgProcess[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fake-gnubg-'));
  });

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  function supervise(fake: FakeGnubg, options: Partial<GnubgProcessOptions> = {}): GnubgProcess {
    const process = new GnubgProcess({ binary: writeFakeGnubg(dir, fake), plies: 0, timeoutMs: 5_000, ...options });
    processes.push(process);
    return process;
  }

  async function failure(promise: Promise<unknown>): Promise<GnubgFailure> {
    const error: unknown = await promise.then(
      () => new Error('the question was answered'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GnubgError);
    return (error as GnubgError).failure;
  }

  it('asks one question at a time, in the order asked, of one gnubg (it never sees a second line before it answers)', async () => {
    const gnubg = supervise({ answer: 'echo', delayMs: 20 });
    const lines = ['one', 'two', 'three', 'four', 'five'];
    await expect(Promise.all(lines.map((line) => gnubg.ask(line)))).resolves.toEqual(lines);
    expect(gnubg.startCount).toBe(1);
  });

  it('takes the askers in turn: B’s question, asked after five of A’s, is answered before A’s second', async () => {
    const gnubg = supervise({ answer: 'echo', delayMs: 20 });
    const answered: string[] = [];
    const ask = (asker: string, line: string) => gnubg.ask(line, asker).then((answer) => answered.push(answer));
    await Promise.all([...['A1', 'A2', 'A3', 'A4', 'A5'].map((line) => ask('A', line)), ask('B', 'B1')]);
    expect(answered).toEqual(['A1', 'B1', 'A2', 'A3', 'A4', 'A5']);
  });

  it('fails a question with deadline when no answer comes in time, and does not ask it again', async () => {
    const gnubg = supervise({ answer: 'silent' }, { timeoutMs: 400, deadlineMs: 100 });
    expect(await failure(gnubg.ask('board:...', 'A'))).toBe('deadline');
    // The question in flight times out later; nobody waits for it, so no second gnubg is started.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(gnubg.startCount).toBe(1);
  });

  it('fails a question with queue-full at once when as many as allowed wait', async () => {
    const gnubg = supervise({ answer: 'echo', delayMs: 100 }, { maxWaiting: 1 });
    const first = gnubg.ask('one', 'A');
    const second = gnubg.ask('two', 'B');
    expect(await failure(gnubg.ask('three', 'C'))).toBe('queue-full');
    await expect(Promise.all([first, second])).resolves.toEqual(['one', 'two']);
  });

  it('asks a question gnubg leaves unanswered once more of a restarted gnubg, then fails with timeout', async () => {
    const gnubg = supervise({ answer: 'silent' }, { timeoutMs: 300 });
    expect(await failure(gnubg.ask('board:...'))).toBe('timeout');
    expect(gnubg.startCount).toBe(2);
    expect(gnubg.pid).toBeNull(); // the second, silent too, was ended
  });

  it('ends the gnubg that timed out before asking the restarted one', async () => {
    const gnubg = supervise({ answer: 'silent' }, { timeoutMs: 300 });
    const pids: number[] = [];
    const ask = gnubg.ask('board:...');
    while (gnubg.startCount < 2) {
      if (gnubg.pid !== null && !pids.includes(gnubg.pid)) pids.push(gnubg.pid);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await failure(ask);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(running(pid)).toBe(false);
  });

  it('asks again of a restarted gnubg when gnubg dies during a question, and the answer comes', async () => {
    const gnubg = supervise({ answer: 'roll', crashOnRequest: 1 });
    await expect(gnubg.ask('board:...')).resolves.toBe('roll');
    expect(gnubg.startCount).toBe(2);
  });

  it('starts gnubg again when it dies at start-up (as 1.07 now and then does), up to three times', async () => {
    const gnubg = supervise({ answer: 'roll', crashAtStart: 2 });
    await expect(gnubg.ask('board:...')).resolves.toBe('roll');
    expect(gnubg.startCount).toBe(3);
  });

  it('fails with start-failed when gnubg dies at every one of three starts', async () => {
    const gnubg = supervise({ answer: 'roll', crashAtStart: 10 });
    expect(await failure(gnubg.ask('board:...'))).toBe('start-failed');
    expect(gnubg.startCount).toBe(3);
  });

  it('fails with start-failed when the program is not there', async () => {
    const gnubg = new GnubgProcess({ binary: join(dir, 'no-gnubg'), plies: 0, timeoutMs: 1_000 });
    processes.push(gnubg);
    expect(await failure(gnubg.ask('board:...'))).toBe('start-failed');
  });

  it('starts a fresh gnubg for the next question after one is found dead between questions', async () => {
    const gnubg = supervise({ answer: 'roll' });
    await gnubg.ask('first');
    const first = gnubg.pid!;
    process.kill(first, 'SIGKILL');
    while (running(first)) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(gnubg.ask('second')).resolves.toBe('roll');
    expect(gnubg.startCount).toBe(2);
    expect(gnubg.pid).not.toBe(first);
  });

  it('on close, fails the question in flight and those waiting with closed, ends gnubg, and refuses later ones', async () => {
    const gnubg = supervise({ answer: 'silent' }, { timeoutMs: 60_000 });
    const inFlight = gnubg.ask('one');
    const waiting = gnubg.ask('two');
    while (gnubg.pid === null) await new Promise((resolve) => setTimeout(resolve, 10));
    const pid = gnubg.pid;
    const failures = [failure(inFlight), failure(waiting)];
    await gnubg.close();
    expect(await Promise.all(failures)).toEqual(['closed', 'closed']);
    expect(await failure(gnubg.ask('three'))).toBe('closed');
    expect(running(pid)).toBe(false);
  });
});
