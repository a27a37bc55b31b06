import { Clock } from '../../src/common/clock.js';
import { DiceRoller } from '../../src/matches/dice-roller.js';
import { ManualClock } from './manual-clock.js';
import { MatchClient } from './match-client.js';
import { ScriptedDice } from './scripted-dice.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The real app with the test seams in place: dice the test scripts and a clock it moves. */
export interface ScriptedApp {
  readonly t: TestApp;
  readonly client: MatchClient;
  readonly dice: ScriptedDice;
  readonly clock: ManualClock;
}

export async function startScriptedApp(): Promise<ScriptedApp> {
  const dice = new ScriptedDice();
  const clock = new ManualClock();
  const t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [
      { provide: DiceRoller, useValue: dice },
      { provide: Clock, useValue: clock },
    ],
  });
  return { t, client: new MatchClient(t.http), dice, clock };
}
