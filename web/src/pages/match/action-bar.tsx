/**
 * The match's decisions, exactly those the state's `actions` lists (docs/architecture.md, "Match
 * state JSON"): roll, double, take, drop, beaver, the answers to a resignation, join and the rest;
 * resigning asks for the value (single, gammon, backgammon; in long nardy oin, mars, koks) and a
 * second click to confirm.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { usePreference } from '../../play-preferences.js';
import { doubleCanMatter } from '../../../../src/engine/index.js';
import type { MatchState } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { ACTION_LABELS, isSimpleAction, postAction, postResign, type SimpleAction } from './match-actions.js';

/** The order the buttons come in: the usual choice first. */
const ORDER: readonly SimpleAction[] = [
  'join',
  'roll',
  'take',
  'double',
  'drop',
  'beaver',
  'resignation/accept',
  'resignation/reject',
  'claim-timeout',
  'leave',
  'decline',
  'abort',
];

interface ActionBarProps {
  readonly state: MatchState;
  readonly busy: boolean;
  readonly perform: (request: (version: number) => Promise<MatchState>) => Promise<boolean>;
}

/** Actions the page shows as secondary buttons: the other choices beside the usual one. */
const SECONDARY: ReadonlySet<SimpleAction> = new Set(['double', 'decline', 'abort', 'drop']);

/** Whether the person's double could change anything (the engine's doubleCanMatter): else no Double is offered. */
function doubleMatters(state: MatchState): boolean {
  const me = state.you;
  return me !== null && doubleCanMatter(state.length, state.score[me], state.game.cube.value);
}

export function ActionBar({ state, busy, perform }: ActionBarProps) {
  // Rolling is the only real decision when the double allowed cannot change anything: with
  // auto-roll on, the page rolls (once per version: a refused roll is not tried again).
  const autoRoll = usePreference('auto-roll');
  const rollOnly = state.actions.includes('roll') && !doubleMatters(state);
  const rolledAt = useRef(-1);
  useEffect(() => {
    if (!autoRoll || !rollOnly || busy || rolledAt.current === state.version) return;
    rolledAt.current = state.version;
    void perform((v) => postAction(state.id, 'roll', v));
  }, [autoRoll, rollOnly, busy, state.version]);
  const simple = ORDER.filter(
    (a) => state.actions.includes(a) && isSimpleAction(a) && a !== 'leave' && (a !== 'double' || doubleMatters(state)),
  );
  const canLeave = state.actions.includes('leave');
  const canResign = state.actions.includes('resign');
  if (simple.length === 0 && !canResign && !canLeave) return null;
  return (
    <section class="action-bar" aria-label={t('match.action.label')}>
      {simple.map((action) => (
        <button
          key={action}
          type="button"
          class={SECONDARY.has(action) ? 'secondary' : undefined}
          disabled={busy}
          onClick={() => void perform((v) => postAction(state.id, action, v))}
        >
          {t(ACTION_LABELS[action])}
        </button>
      ))}
      {canResign && <ResignControl state={state} busy={busy} perform={perform} />}
      {canLeave && <LeaveControl state={state} busy={busy} perform={perform} />}
    </section>
  );
}

function ResignControl({ state, busy, perform }: ActionBarProps) {
  const [value, setValue] = useState<1 | 2 | 3>(1);
  const [confirming, setConfirming] = useState(false);
  // The three values a game can be resigned for, as each variant names them (docs/rules.md M2, N7).
  const kinds =
    state.variant === 'long-nardy' ? (['oin', 'mars', 'koks'] as const) : (['single', 'gammon', 'backgammon'] as const);
  const times = state.game.cube.value;
  return (
    <div class="resign">
      <label for="resign-value">{t('match.resign.label')}</label>
      <select
        id="resign-value"
        value={String(value)}
        onChange={(e) => {
          setValue(Number(e.currentTarget.value) as 1 | 2 | 3);
          setConfirming(false);
        }}
      >
        {kinds.map((kind, i) => (
          <option key={kind} value={String(i + 1)}>
            {t('match.resign.option', { kind, points: (i + 1) * times })}
          </option>
        ))}
      </select>
      {confirming ? (
        <>
          <button
            type="button"
            disabled={busy}
            onClick={() => void perform((v) => postResign(state.id, value, v)).then(() => setConfirming(false))}
          >
            {t('match.resign.confirm')}
          </button>
          <button type="button" class="secondary" onClick={() => setConfirming(false)}>
            {t('match.resign.keepPlaying')}
          </button>
        </>
      ) : (
        <button type="button" class="secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {t('match.resign.start')}
        </button>
      )}
    </div>
  );
}

/** Leaving: between the games of a money session it ends the session; in a match it forfeits it (docs/rules.md M6). */
function LeaveControl({ state, busy, perform }: ActionBarProps) {
  const [confirming, setConfirming] = useState(false);
  const what = state.length === 0 ? 'session' : 'match';
  if (!confirming)
    return (
      <button type="button" class="secondary" disabled={busy} onClick={() => setConfirming(true)}>
        {t('match.leave.start', { what })}
      </button>
    );
  return (
    <span class="resign">
      <button type="button" disabled={busy} onClick={() => void perform((v) => postAction(state.id, 'leave', v))}>
        {t('match.leave.confirm', { what })}
      </button>
      <button type="button" class="secondary" onClick={() => setConfirming(false)}>
        {t('match.leave.stay')}
      </button>
    </span>
  );
}
