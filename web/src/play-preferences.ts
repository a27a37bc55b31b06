/**
 * How this browser lets the person play (preferences of the device, kept in localStorage, not on the
 * account), each off until turned on on the account page:
 * - `one-click-moves`: a click moves a checker by one die, the larger first, the other on a second
 *   click (as Backgammon Galaxy does), instead of picking the checker and then where it goes;
 * - `auto-roll`: the page rolls for the person when rolling is the only real decision (a double is
 *   allowed but cannot change anything, the engine's doubleCanMatter; where the cube cannot be used
 *   at all the service rolls by itself).
 */
import { useEffect, useState } from 'preact/hooks';

export type PlayPreference = 'one-click-moves' | 'auto-roll';

const listeners = new Set<() => void>();
const keyOf = (preference: PlayPreference): string => `nardy.${preference}`;

export function preferenceOn(preference: PlayPreference): boolean {
  try {
    return localStorage.getItem(keyOf(preference)) === 'on';
  } catch {
    return false;
  }
}

export function setPreference(preference: PlayPreference, on: boolean): void {
  try {
    if (on) localStorage.setItem(keyOf(preference), 'on');
    else localStorage.removeItem(keyOf(preference));
  } catch {
    // Storage refused (a private window): the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The preference, kept current when it changes on this page. */
export function usePreference(preference: PlayPreference): boolean {
  const [on, setOn] = useState(() => preferenceOn(preference));
  useEffect(() => {
    const listener = (): void => setOn(preferenceOn(preference));
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [preference]);
  return on;
}
