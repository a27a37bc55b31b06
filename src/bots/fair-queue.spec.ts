import { jest } from '@jest/globals';
import { DeadlineError, FairQueue, QueueClosedError, QueueFullError } from './fair-queue.js';

/** A task the test ends when it wants; `started` says whether the queue ran it. */
function held(served: string[], name: string) {
  let finish: (value: string) => void = () => undefined;
  const state = { started: false, signal: null as AbortSignal | null };
  const task = (signal: AbortSignal) => {
    state.started = true;
    state.signal = signal;
    served.push(name);
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { task, state, finish: (value = name) => finish(value) };
}

/**
 * Under fake timers, a queue running one task at a time whose first task (`name`, of the key its
 * first letter) is held; `run` asks a question of the key its name's first letter, `expiring` ones
 * with a deadline (the promise resolves when all are refused with DeadlineError), and `release`
 * ends the first task, back on real timers, and answers the order they were served in.
 */
function heldFirst(name: string) {
  jest.useFakeTimers();
  const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
  const served: string[] = [];
  const first = held(served, name);
  const answers: Promise<unknown>[] = [queue.run(name[0], first.task)];
  const run = (question: string): void =>
    void answers.push(queue.run(question[0], () => Promise.resolve(question)).then((n) => served.push(n)));
  const expiring = (questions: string[], deadlineMs: number) =>
    Promise.all(
      questions.map((q) =>
        expect(queue.run(q[0], () => Promise.resolve(q), deadlineMs)).rejects.toBeInstanceOf(DeadlineError),
      ),
    );
  const release = async (): Promise<string[]> => {
    jest.useRealTimers();
    first.finish();
    await Promise.all(answers);
    return served;
  };
  return { run, expiring, release };
}

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  // The tests of deadlines run on fake timers; each ends back on real ones, whatever it did.
  afterEach(() => jest.useRealTimers());

  it('serves the keys in turn, not in arrival order: B’s first question comes before A’s second', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
    const served: string[] = [];
    const run = (name: string) =>
      queue.run(name[0], (signal) => Promise.resolve(signal.aborted ? '' : name)).then((answer) => served.push(answer));
    // A floods first with five questions, then B asks one, then C.
    const all = [...['A1', 'A2', 'A3', 'A4', 'A5'].map(run), run('B1'), run('C1')];
    await Promise.all(all);
    expect(served).toEqual(['A1', 'B1', 'C1', 'A2', 'A3', 'A4', 'A5']);
  });

  it('serves a person who asks while another’s many questions run after at most one of them', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
    const served: string[] = [];
    const flood = ['A1', 'A2', 'A3', 'A4', 'A5'].map((name) => held(served, name));
    const answers = flood.map((q) => queue.run('A', q.task));
    await settle();
    flood[0].finish();
    await settle();
    const b = held(served, 'B1');
    const bAnswer = queue.run('B', b.task);
    flood[1].finish();
    await settle();
    expect(b.state.started).toBe(true);
    b.finish();
    await expect(bAnswer).resolves.toBe('B1');
    for (const q of flood.slice(2)) {
      await settle();
      q.finish();
    }
    await Promise.all(answers);
    expect(served).toEqual(['A1', 'A2', 'B1', 'A3', 'A4', 'A5']);
  });

  it('runs at most `concurrency` tasks at once', async () => {
    const queue = new FairQueue({ concurrency: 2, maxWaiting: 100 });
    const served: string[] = [];
    const tasks = ['A1', 'B1', 'C1'].map((name) => held(served, name));
    const answers = tasks.map((q, i) => queue.run(String(i), q.task));
    await settle();
    expect(served).toEqual(['A1', 'B1']);
    tasks[0].finish();
    await settle();
    expect(served).toEqual(['A1', 'B1', 'C1']);
    tasks[1].finish();
    tasks[2].finish();
    await expect(Promise.all(answers)).resolves.toEqual(['A1', 'B1', 'C1']);
  });

  it('refuses a task at once when `maxWaiting` wait, and takes one again when room is made', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 2 });
    const served: string[] = [];
    const running = held(served, 'A1');
    const first = queue.run('A', running.task);
    await settle();
    const waiting = [queue.run('A', () => Promise.resolve('A2')), queue.run('B', () => Promise.resolve('B1'))];
    expect(queue.waiting).toBe(2);
    await expect(queue.run('C', () => Promise.resolve('C1'))).rejects.toBeInstanceOf(QueueFullError);
    running.finish();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual(['A1', 'A2', 'B1']);
    await expect(queue.run('C', () => Promise.resolve('C1'))).resolves.toBe('C1');
  });

  it('drops a waiting task whose deadline passes, and never runs it', async () => {
    jest.useFakeTimers();
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
    const served: string[] = [];
    const running = held(served, 'A1');
    const first = queue.run('A', running.task);
    const late = held(served, 'B1');
    const lateAnswer = queue.run('B', late.task, 500);
    const expectation = expect(lateAnswer).rejects.toBeInstanceOf(DeadlineError);
    jest.advanceTimersByTime(500);
    await expectation;
    expect(queue.waiting).toBe(0);
    running.finish();
    await first;
    expect(late.state.started).toBe(false);
    expect(served).toEqual(['A1']);
  });

  it('serves a key whose waiting tasks all passed their deadline in the round under way again, not behind others', async () => {
    const scene = heldFirst('X1');
    // A's two questions (rounds 0 and 1) wait behind X1 and time out; B's three wait on.
    const expired = scene.expiring(['A1', 'A2'], 500);
    ['B1', 'B2', 'B3'].forEach(scene.run);
    jest.advanceTimersByTime(500);
    await expired;
    // Nothing of A's waits: its next question is a first one, in the round under way.
    scene.run('A3');
    expect(await scene.release()).toEqual(['X1', 'B1', 'A3', 'B2', 'B3']);
  });

  it('keeps a key whose task started in the round under way to the next round after its later one expires', async () => {
    const scene = heldFirst('A1');
    const expired = scene.expiring(['A2'], 500);
    scene.run('B1');
    jest.advanceTimersByTime(500);
    await expired;
    // A1 was served in the round under way, so A3 is in the next one, after C1 come later.
    scene.run('A3');
    scene.run('C1');
    expect(await scene.release()).toEqual(['A1', 'B1', 'C1', 'A3']);
  });

  it('answers a running task’s caller at its deadline, aborts its signal, and starts the next only when it ends', async () => {
    jest.useFakeTimers();
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
    const served: string[] = [];
    const slow = held(served, 'A1');
    const slowAnswer = queue.run('A', slow.task, 500);
    const next = held(served, 'B1');
    const nextAnswer = queue.run('B', next.task);
    await Promise.resolve();
    await Promise.resolve();
    const expectation = expect(slowAnswer).rejects.toBeInstanceOf(DeadlineError);
    jest.advanceTimersByTime(500);
    await expectation;
    expect(slow.state.signal?.aborted).toBe(true);
    expect(next.state.started).toBe(false);
    slow.finish();
    jest.useRealTimers();
    await settle();
    expect(next.state.started).toBe(true);
    next.finish();
    await expect(nextAnswer).resolves.toBe('B1');
  });

  it('refuses what waits when closed, and waits for what runs', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaiting: 100 });
    const served: string[] = [];
    const running = held(served, 'A1');
    const first = queue.run('A', running.task);
    const waiting = queue.run('B', () => Promise.resolve('B1'));
    await settle();
    const closed = queue.close();
    await expect(waiting).rejects.toBeInstanceOf(QueueClosedError);
    running.finish();
    await closed;
    await expect(first).resolves.toBe('A1');
    await expect(queue.run('C', () => Promise.resolve('C1'))).rejects.toBeInstanceOf(QueueClosedError);
  });
});
