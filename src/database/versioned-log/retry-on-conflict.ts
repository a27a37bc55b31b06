/**
 * The one retry policy of the versioned logs (docs/architecture.md, "The versioned-log writer"):
 * `attempt` (numbered from 1) decides a change on what it reads and commits it; null when another
 * writer got there first (nothing written), and then it is decided again on a fresh read, at most
 * `attempts` times in all. After the last lost race, `exhausted` answers (it throws the caller's error).
 */
export async function retryOnConflict<T>(
  attempts: number,
  attempt: (n: number) => Promise<T | null>,
  exhausted: () => Promise<never>,
): Promise<T> {
  for (let n = 1; n <= attempts; n++) {
    const done = await attempt(n);
    if (done !== null) return done;
  }
  return exhausted();
}
