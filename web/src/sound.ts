/**
 * A sound when the opponent plays (docs/architecture.md, "Web client"): off by default, turned on on
 * the account page and kept in this browser. The sound is made, not loaded: two short tones of the
 * Web Audio API, like a checker set down. Browsers play sound only after the person has used the
 * page; a sound they refuse is skipped. Each sound made is counted on the document's body
 * (`data-sounds-played`), which says what the page did without a speaker.
 */
import { useEffect, useState } from 'preact/hooks';

const KEY = 'nardy.sound';
const listeners = new Set<() => void>();
let context: AudioContext | null = null;
let played = 0;

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

export function useSoundOn(): boolean {
  const [on, setOn] = useState(soundOn);
  useEffect(() => {
    const listener = (): void => setOn(soundOn());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return on;
}

/** The sound of a play, when the person has turned sound on. */
export function playSound(): void {
  if (!soundOn()) return;
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    for (const [offset, frequency] of [
      [0, 660],
      [0.07, 440],
    ] as const) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, at + offset + 0.12);
      tone.connect(gain).connect(context.destination);
      tone.start(at + offset);
      tone.stop(at + offset + 0.12);
    }
    played++;
    document.body.dataset.soundsPlayed = String(played);
  } catch {
    // No audio here: nothing to play.
  }
}
