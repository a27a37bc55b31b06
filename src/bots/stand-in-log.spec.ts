import { jest } from '@jest/globals';
import { STAND_IN_SUMMARY_MS, StandInLog } from './stand-in-log.js';

describe('StandInLog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('logs the first stand-in of each reason, then at most one line a minute per reason with the count', () => {
    const warn = jest.fn<(message: string) => void>();
    const log = new StandInLog({ warn });
    log.stoodIn('deadline', 'turn 1');
    log.stoodIn('queue-full', 'turn 2');
    for (let i = 3; i <= 500; i++) log.stoodIn('deadline', `turn ${i}`);
    expect(warn.mock.calls.map(([message]) => message)).toEqual(['turn 1', 'turn 2']);
    jest.advanceTimersByTime(STAND_IN_SUMMARY_MS - 1);
    expect(warn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('498 more time(s) (deadline)'));
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('the latest: turn 500'));
    // A second minute: its stand-ins are counted in one line at its end, none before.
    for (let i = 0; i < 100; i++) {
      log.stoodIn('deadline', 'later');
      jest.advanceTimersByTime(STAND_IN_SUMMARY_MS / 200);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(STAND_IN_SUMMARY_MS / 2);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('100 more time(s) (deadline)'));
    // A minute with none: nothing is logged, and the next stand-in is logged in full again.
    jest.advanceTimersByTime(2 * STAND_IN_SUMMARY_MS);
    expect(warn).toHaveBeenCalledTimes(4);
    log.stoodIn('deadline', 'after a quiet minute');
    expect(warn).toHaveBeenLastCalledWith('after a quiet minute');
    log.stop();
  });

  it('holds the process open by no timer, and leaves none once stopped', () => {
    const warn = jest.fn<(message: string) => void>();
    const timeout = jest.spyOn(globalThis, 'setTimeout');
    try {
      const log = new StandInLog({ warn });
      log.stoodIn('unreadable', 'turn 1');
      log.stoodIn('unreadable', 'turn 2');
      expect((timeout.mock.results[0].value as NodeJS.Timeout).hasRef()).toBe(false);
      log.stop();
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(STAND_IN_SUMMARY_MS);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      timeout.mockRestore();
    }
  });
});
