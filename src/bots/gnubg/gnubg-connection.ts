/**
 * One running GNU Backgammon in external mode and the service's connection
 * to it (docs/bots.md "GNU Backgammon as a bot"). gnubg reads its set-up on
 * stdin (`gnubg -t -q -r`), then `external <socket>` makes it listen on a
 * Unix socket; the service connects and sends one line, gnubg answers one.
 *
 * gnubg runs under a small sh watchdog, in a process group of its own: the
 * shell exits when gnubg does (with gnubg's status), and kills the group
 * when its lifeline, a pipe from the service, closes, which happens when the
 * service ends in any way (a crash or kill -9 included), so that no gnubg is
 * left behind listening.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { GnubgError } from './gnubg.errors.js';

/**
 * $0 is gnubg. fd 0 (commands) is passed on explicitly, as sh gives a
 * background job /dev/null; fd 3 is the lifeline, kept from gnubg.
 */
const WATCHDOG = `exec 4<&0
"$0" -t -q -r <&4 4<&- 3<&- &
gnubg=$!
exec 4<&- 0</dev/null
echo "gnubg-pid $gnubg" >&2
{ read _ <&3; kill -9 0; } &
watcher=$!
exec 3<&-
wait $gnubg
status=$?
kill -9 $watcher 2>/dev/null
exit $status
`;

/** How long the watchdog has to exit after gnubg is killed, before its whole group is. */
const DISPOSE_GRACE_MS = 2_000;
/** The longest Unix socket path every system takes (sun_path is 104 bytes on BSDs, 108 on Linux). */
const MAX_SOCKET_PATH = 100;
/** How often the socket is tried while gnubg starts. */
const CONNECT_POLL_MS = 50;
/** What is kept of gnubg's output, to say why it failed. */
const OUTPUT_KEPT = 2000;

export interface GnubgLaunch {
  readonly binary: string;
  /** gnubg commands run before `external` (threads, plies). */
  readonly setup: readonly string[];
  /** gnubg's HOME (it keeps its settings there). */
  readonly home: string;
  /** The Unix socket gnubg is to listen on. */
  readonly socket: string;
  readonly startupTimeoutMs: number;
}

export class GnubgConnection {
  private exited = false;
  private output = '';
  private gnubgPid: number | null = null;
  private socket: Socket | null = null;

  private constructor(private readonly child: ChildProcess) {
    child.once('exit', () => {
      this.exited = true;
      (child.stdio[3] as Readable | null)?.destroy();
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
      this.gnubgPid ??= Number(/gnubg-pid (\d+)/.exec(this.output)?.[1]) || null;
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // gnubg gone, a write to its stdin fails with EPIPE: its exit says what happened.
    child.stdin!.on('error', () => undefined);
  }

  /** Starts gnubg and connects to it; throws GnubgError `start-failed` when it dies or does not listen in time. */
  static async open(launch: GnubgLaunch): Promise<GnubgConnection> {
    if (Buffer.byteLength(launch.socket) > MAX_SOCKET_PATH) {
      throw new GnubgError('start-failed', `the socket path ${launch.socket} is too long for a Unix socket`);
    }
    const child = spawn('/bin/sh', ['-c', WATCHDOG, launch.binary], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
      env: { HOME: launch.home, PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' },
    });
    const connection = new GnubgConnection(child);
    const spawned: { error: Error | null } = { error: null };
    child.once('error', (error) => (spawned.error = error));
    child.stdin.write([...launch.setup, `external ${launch.socket}`, ''].join('\n'));
    const deadline = Date.now() + launch.startupTimeoutMs;
    while (spawned.error === null && !connection.exited && Date.now() < deadline) {
      const socket = await connectTo(launch.socket);
      if (socket !== null) {
        connection.attach(socket);
        return connection;
      }
      await sleep(CONNECT_POLL_MS);
    }
    connection.dispose();
    const why =
      spawned.error !== null
        ? `could not be run (${spawned.error.message})`
        : connection.exited
          ? `exited at start-up (${describeExit(child)})`
          : `did not listen on its socket within ${launch.startupTimeoutMs} ms`;
    throw new GnubgError('start-failed', `gnubg ${why}; it printed: ${connection.recentOutput()}`);
  }

  /** gnubg's process id (not the watchdog's), once known. */
  get pid(): number | null {
    return this.gnubgPid;
  }

  /** Whether gnubg runs and the connection is open. */
  get alive(): boolean {
    return !this.exited && this.socket !== null && !this.socket.destroyed;
  }

  /** The end of what gnubg printed. */
  recentOutput(): string {
    return this.output.replace(/\s+/g, ' ').trim().slice(-500);
  }

  /**
   * Sends one line and resolves with gnubg's one-line answer (trimmed).
   * Rejects with GnubgError `timeout` after `timeoutMs`, or `died` when the
   * connection closes first; the connection is of no further use then.
   */
  request(line: string, timeoutMs: number): Promise<string> {
    const socket = this.socket;
    if (socket === null || !this.alive) return Promise.reject(new GnubgError('died', 'gnubg is not running'));
    return new Promise<string>((resolve, reject) => {
      let answer = '';
      const done = (error: GnubgError | null, text = '') => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        if (error === null) resolve(text);
        else reject(error);
      };
      const onData = (chunk: string) => {
        answer += chunk;
        const end = answer.indexOf('\n');
        if (end >= 0) done(null, answer.slice(0, end).trim());
      };
      const onClose = () =>
        done(
          new GnubgError('died', `gnubg closed the connection (${describeExit(this.child)}): ${this.recentOutput()}`),
        );
      const timer = setTimeout(
        () => done(new GnubgError('timeout', `gnubg did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.write(`${line}\n`);
    });
  }

  /**
   * Ends gnubg now and closes the connection. gnubg gets kill -9; its
   * watchdog, waiting on it, reaps it and exits, so once `exit()` resolves
   * gnubg is gone. Should the watchdog not have exited shortly after, the
   * whole process group is killed.
   */
  dispose(): void {
    this.socket?.destroy();
    if (this.ended()) return;
    signal(this.gnubgPid ?? -this.child.pid!, 'SIGKILL');
    const fallback = setTimeout(() => {
      if (!this.ended()) signal(-this.child.pid!, 'SIGKILL');
    }, DISPOSE_GRACE_MS);
    fallback.unref();
    this.child.once('exit', () => clearTimeout(fallback));
  }

  /** Resolves once the watchdog has exited (after dispose, or gnubg's death). */
  async exit(): Promise<void> {
    if (this.ended()) return;
    await new Promise((resolve) => this.child.once('exit', resolve));
  }

  private ended(): boolean {
    return this.exited || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  private attach(socket: Socket): void {
    socket.setEncoding('utf8');
    socket.on('error', () => undefined); // 'close' follows and says it
    this.socket = socket;
  }
}

/** A connection to the Unix socket at `path`, or null while nothing listens there. */
function connectTo(path: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(null);
    });
  });
}

/** Sends `name` to a process (or, negative, a process group) that may be gone already. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

function describeExit(child: ChildProcess): string {
  if (child.exitCode === null && child.signalCode === null) return 'still running';
  const code = child.exitCode;
  // The watchdog exits with gnubg's status: 128 + n when a signal n ended gnubg.
  return code !== null && code > 128 ? `killed by signal ${code - 128}` : `exit ${code ?? child.signalCode}`;
}
