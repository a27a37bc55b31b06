import { KeyedSweeper } from './keyed-sweeper.js';

/** A promise and its resolve/reject, for a task the test ends when it likes. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('KeyedSweeper', () => {
  function sweeper(waiting: string[], options: { now?: () => number } = {}) {
    const finds: (readonly string[])[] = [];
    const tasks = new Map<string, ReturnType<typeof deferred>>();
    const started: string[] = [];
    const failures: unknown[] = [];
    const s = new KeyedSweeper<string>({
      find: (busy) => {
        finds.push([...busy]);
        return Promise.resolve(waiting.filter((key) => !busy.includes(key)));
      },
      keyOf: (key) => key,
      work: (key) => {
        started.push(key);
        const task = deferred();
        tasks.set(key, task);
        return task.promise;
      },
      sweepFailed: (err) => failures.push(err),
      gapMs: 1,
      restMs: 1_000,
      ...options,
    });
    return { s, finds, tasks, started, failures };
  }

  it('asks for sweeps while one runs make one more sweep, not one each', async () => {
    const { s, finds } = sweeper([]);
    s.sweepSoon();
    s.sweepSoon();
    s.sweepSoon();
    s.sweepSoon();
    await s.idle();
    expect(finds.length).toBe(2);
  });

  it('works on a key with one task at a time, leaving it out of the sweeps meanwhile', async () => {
    const { s, finds, tasks, started } = sweeper(['a', 'b']);
    s.sweepSoon();
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual(['a', 'b']);
    s.sweepSoon();
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual(['a', 'b']);
    expect(finds.at(-1)).toEqual(['a', 'b']);
    tasks.get('a')!.resolve();
    tasks.get('b')!.resolve();
    await new Promise((r) => setTimeout(r, 5));
    // The sweep that ran while they worked hid them: one more sweep when a task ended took them again.
    expect(started).toEqual(['a', 'b', 'a', 'b']);
    tasks.get('a')!.resolve();
    tasks.get('b')!.resolve();
    await s.stop();
  });

  it('lets a failed key rest, then finds it again', async () => {
    let clock = 0;
    const { s, finds, tasks, started } = sweeper(['a'], { now: () => clock });
    s.sweepSoon();
    await new Promise((r) => setTimeout(r, 5));
    tasks.get('a')!.reject(new Error('no'));
    await new Promise((r) => setTimeout(r, 5));
    s.sweepSoon();
    await s.idle();
    expect(finds.at(-1)).toEqual(['a']);
    expect(started).toEqual(['a']);
    clock = 1_000;
    s.sweepSoon();
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual(['a', 'a']);
    tasks.get('a')!.resolve();
    await s.stop();
  });

  it('tells a sweep’s own failure and goes on; once stopped, sweeps no more and waits for its tasks', async () => {
    const failures: unknown[] = [];
    let fail = true;
    const started: string[] = [];
    const s = new KeyedSweeper<string>({
      find: () => (fail ? Promise.reject(new Error('database down')) : Promise.resolve(['x'])),
      keyOf: (key) => key,
      work: (key) => {
        started.push(key);
        return new Promise((r) => setTimeout(r, 20));
      },
      sweepFailed: (err) => failures.push(err),
      gapMs: 1,
      restMs: 10,
    });
    s.sweepSoon();
    await s.idle();
    expect(failures).toHaveLength(1);
    fail = false;
    s.sweepSoon();
    await new Promise((r) => setTimeout(r, 5));
    const stopping = s.stop();
    s.sweepSoon();
    await stopping;
    expect(started).toEqual(['x']);
  });
});
