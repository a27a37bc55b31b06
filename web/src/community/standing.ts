/**
 * The signed-in account's standing (docs/moderation.md): its role, which shows the moderation page
 * in the header, its unseen warnings, which the warning dialog shows, and a rename a moderator
 * forced, which the rename page asks for before anything else. Read from GET /api/users/me when
 * the session changes; a `warning` on the player stream adds to it at once.
 */
import { useEffect, useState } from 'preact/hooks';
import { community, type Role, type Standing, type Warning } from '../api/community.js';
import { subscribePlayerStream } from '../api/stream.js';
import { currentSession, setSession, useSession } from '../session.js';

interface State {
  /** Whose standing this is (the session's username when it was read). */
  readonly username: string | null;
  readonly role: Role;
  readonly warnings: readonly Warning[];
  readonly renameRequired: boolean;
}

const EMPTY: State = { username: null, role: 'player', warnings: [], renameRequired: false };
/** Kept across a reload: the sign-in's answer said a new name must be chosen (sign-in.ts). */
const RENAME_KEY = 'nardy.rename-required';

let state: State = { ...EMPTY, renameRequired: readRenameFlag() };
const listeners = new Set<() => void>();

function readRenameFlag(): boolean {
  try {
    return localStorage.getItem(RENAME_KEY) === '1';
  } catch {
    return false;
  }
}

function update(changes: Partial<State>): void {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

/** The sign-in said (or no longer says) that the account must choose a new name. */
export function setRenameRequired(required: boolean): void {
  try {
    if (required) localStorage.setItem(RENAME_KEY, '1');
    else localStorage.removeItem(RENAME_KEY);
  } catch {
    // Private mode: kept for this page only.
  }
  update({ renameRequired: required });
}

function learn(standing: Standing): void {
  // Signed in with a name a moderator replaced: the account's name now is the placeholder's.
  const session = currentSession();
  if (session !== null && session.username !== standing.username)
    setSession({ ...session, username: standing.username });
  update({
    username: standing.username,
    role: standing.role,
    warnings: standing.warnings,
    renameRequired: standing.renameRequired || readRenameFlag(),
  });
}

/** A warning heard on the stream, shown at once unless it is shown already. */
function addWarning(warning: Warning): void {
  if (state.warnings.some((w) => w.id === warning.id)) return;
  update({ warnings: [...state.warnings, warning] });
}

/** The warnings shown have been read: the dialog closes, and GET /api/users/me no longer lists them. */
export async function acknowledgeWarnings(): Promise<void> {
  await community.warningsSeen();
  update({ warnings: [] });
}

export function useStanding(): State {
  const [shown, set] = useState(state);
  useEffect(() => {
    const listener = (): void => set(state);
    listeners.add(listener);
    listener();
    return () => void listeners.delete(listener);
  }, []);
  return shown;
}

/**
 * Follows the signed-in account's standing: read when the session's account changes, warnings
 * from the player stream as they come. Used once, by the app's shell.
 */
export function useFollowStanding(): void {
  const session = useSession();
  const username = session?.username ?? null;
  useEffect(() => {
    if (username === null) {
      setRenameRequired(false);
      update(EMPTY);
      return;
    }
    let current = true;
    community.standing().then(
      (standing) => {
        if (current) learn(standing);
      },
      () => undefined,
    );
    const stop = subscribePlayerStream(
      () => undefined,
      undefined,
      (notice) => {
        if (notice.kind === 'warning') addWarning(notice.warning);
      },
    );
    return () => {
      current = false;
      stop();
    };
  }, [username]);
}
