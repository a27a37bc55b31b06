/**
 * Where GNU Backgammon is and how it is asked (docs/bots.md "GNU Backgammon
 * as a bot"): GNUBG_PATH, GNUBG_TIMEOUT_SECONDS, GNUBG_PLIES,
 * GNUBG_DEADLINE_MS and GNUBG_QUEUE_LIMIT, validated at boot
 * (src/config/environment.ts).
 */
import { delimiter, join } from 'node:path';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { isExecutableFile } from '../../config/executable-file.js';

export interface GnubgSettings {
  /** The gnubg program, or null when there is none (the bot is then not offered). */
  readonly binary: string | null;
  /** Plies of look-ahead for plays and for cube and resignation decisions. */
  readonly plies: number;
  /** How long one answer may take before gnubg is restarted and asked again. */
  readonly timeoutMs: number;
  /** How long a question may wait, its turn included, before the house bot takes that turn (unset: no limit). */
  readonly deadlineMs?: number;
  /** Questions that may wait at once; beyond, the house bot takes the turn (unset: the supervisor's default). */
  readonly maxWaiting?: number;
}

/** Where Debian and Ubuntu install gnubg, often not on a service's PATH. */
const DEBIAN_GAMES = '/usr/games';

/**
 * The gnubg to run: `configured` (GNUBG_PATH) when set, none for `off`, else
 * the first executable `gnubg` on `searchPath` or in /usr/games. Never on
 * Windows, where gnubg's external mode has no local sockets.
 */
export function locateGnubg(configured: string | undefined, searchPath: string | undefined): string | null {
  if (configured === 'off' || process.platform === 'win32') return null;
  if (configured) return isExecutableFile(configured) ? configured : null;
  const dirs = [...(searchPath ?? '').split(delimiter).filter(Boolean), DEBIAN_GAMES];
  return dirs.map((dir) => join(dir, 'gnubg')).find(isExecutableFile) ?? null;
}

export function gnubgSettings(config: ConfigService<Environment, true>): GnubgSettings {
  return {
    binary: locateGnubg(config.get('GNUBG_PATH', { infer: true }), process.env.PATH),
    plies: config.get('GNUBG_PLIES', { infer: true }),
    timeoutMs: config.get('GNUBG_TIMEOUT_SECONDS', { infer: true }) * 1000,
    deadlineMs: config.get('GNUBG_DEADLINE_MS', { infer: true }),
    maxWaiting: config.get('GNUBG_QUEUE_LIMIT', { infer: true }),
  };
}
