import { type PasswordWork, PasswordWorkQueue } from './password-work-queue.js';

/** Work items that finish when the test says so, recording when they start. */
function harness(concurrency: number) {
  const queue = new PasswordWorkQueue(concurrency);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const submit = (kind: PasswordWork, name: string) =>
    queue.run(kind, () => {
      started.push(name);
      return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
    });
  /** Lets every queued continuation run (no timers involved). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const done = async (name: string) => {
    finish.get(name)?.();
    await settle();
  };
  return { queue, started, submit, settle, done };
}

describe('PasswordWorkQueue', () => {
  it('runs at most `concurrency` computations at once and starts the next as one finishes', async () => {
    const h = harness(3);
    const results = ['v1', 'v2', 'v3', 'v4', 'v5'].map((n) => h.submit('verify', n));
    await h.settle();
    expect(h.started).toEqual(['v1', 'v2', 'v3']);
    expect(h.queue.queued).toBe(2);
    await h.done('v2');
    expect(h.started).toEqual(['v1', 'v2', 'v3', 'v4']);
    for (const n of ['v1', 'v3', 'v4', 'v5']) await h.done(n);
    await expect(Promise.all(results)).resolves.toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    expect(h.queue.queued).toBe(0);
  });

  it('keeps the last slot from hashes, so a verification starts at once behind any number of hashes', async () => {
    const h = harness(2);
    for (const n of ['h1', 'h2', 'h3']) void h.submit('hash', n);
    await h.settle();
    expect(h.started).toEqual(['h1']);
    void h.submit('verify', 'v1');
    await h.settle();
    expect(h.started).toEqual(['h1', 'v1']);
  });

  it('starts queued verifications before queued hashes, each kind first come first served', async () => {
    const h = harness(1);
    void h.submit('hash', 'h1');
    void h.submit('hash', 'h2');
    void h.submit('verify', 'v1');
    void h.submit('hash', 'h3');
    void h.submit('verify', 'v2');
    await h.settle();
    for (const n of ['h1', 'v1', 'v2', 'h2', 'h3']) await h.done(n);
    expect(h.started).toEqual(['h1', 'v1', 'v2', 'h2', 'h3']);
  });

  it('frees the slot of a computation that fails', async () => {
    const queue = new PasswordWorkQueue(1);
    await expect(queue.run('hash', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('hash', () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it.each([0, -1, 1.5, NaN])('refuses a concurrency of %p', (concurrency) => {
    expect(() => new PasswordWorkQueue(concurrency)).toThrow(RangeError);
  });
});
