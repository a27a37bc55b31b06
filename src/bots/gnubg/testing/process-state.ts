/**
 * Whether a process runs, for the gnubg bot's tests: a killed gnubg whose
 * watchdog died with it is left to init, which in a container may never reap
 * it, so "still there as a zombie" counts as ended. Linux (/proc). Test code only.
 */
import { readFileSync } from 'node:fs';

export function running(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // pid (comm) state ...: the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}
