/** Runs a benchmark's main: its exit code on return, 1 with the error on stderr when it throws. */
export function runBench(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
