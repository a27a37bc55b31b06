import { Pacer } from './pacer.js';

/** A pacer on a hand-driven clock: sleeping moves the clock on and is recorded. */
function pacerAt(perSecond: number): { pacer: Pacer; sleeps: number[]; clock: { now: number } } {
  const clock = { now: 1000 };
  const sleeps: number[] = [];
  const pacer = new Pacer(
    perSecond,
    () => clock.now,
    (ms) => {
      sleeps.push(ms);
      clock.now += ms;
      return Promise.resolve();
    },
  );
  return { pacer, sleeps, clock };
}

describe('Pacer', () => {
  it('spaces the slots of loops that are on time 1/rate apart', async () => {
    const { pacer, sleeps } = pacerAt(500);
    for (let i = 0; i < 4; i++) await pacer.slot();
    // The first slot is now; each next one 2 ms after the one before.
    expect(sleeps).toEqual([2, 2, 2]);
  });

  it('hands out slots to concurrent loops in turn, each later than the one before', async () => {
    const waits: number[] = [];
    // The clock stands still: three loops ask at the same instant.
    const pacer = new Pacer(
      100,
      () => 1000,
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    await Promise.all([pacer.slot(), pacer.slot(), pacer.slot()]);
    expect(waits).toEqual([10, 20]);
  });

  it('lets a loop that comes late go at once, without banking the slots it missed', async () => {
    const { pacer, sleeps, clock } = pacerAt(100);
    await pacer.slot();
    clock.now += 95; // nine slots missed while the server lagged
    await pacer.slot(); // goes at once
    await pacer.slot(); // 10 ms later, not at once to catch up
    expect(sleeps).toEqual([10]);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new Pacer(0)).toThrow(/positive rate/);
    expect(() => new Pacer(Number.NaN)).toThrow(/positive rate/);
  });
});
