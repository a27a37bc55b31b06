/**
 * How this browser lets the person move (a preference of the device, kept in localStorage, not on
 * the account): `oneClickMoves` moves a checker by one die on a click, the larger die first, the
 * other on a second click (as Backgammon Galaxy does), instead of picking the checker and then where
 * it goes.
 */
import { useEffect, useState } from 'preact/hooks';

const KEY = 'nardy.one-click-moves';
const listeners = new Set<() => void>();

export function oneClickMoves(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setOneClickMoves(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window): the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The preference, kept current when it changes on this page. */
export function useOneClickMoves(): boolean {
  const [on, setOn] = useState(oneClickMoves);
  useEffect(() => {
    const listener = (): void => setOn(oneClickMoves());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return on;
}
