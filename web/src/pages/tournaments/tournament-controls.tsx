/**
 * The buttons of a tournament's page, as its state allows them for the person (tournament-actions.ts):
 * Enter and Withdraw (a withdrawal after the start forfeits what is left, so it asks first), and the
 * organiser's: add a house bot, Start, Cancel (which asks first). Each answers the tournament as it
 * stands after the change, which the page shows at once.
 */
import { useState } from 'preact/hooks';
import { api, call, type Tournament } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t, Trans } from '../../i18n/index.js';
import { tournamentActions, type TournamentAction } from '../../tournament/tournament-actions.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useOfferedHouseBots } from '../lobby/use-offered-house-bots.js';
import type { HouseBot } from '../lobby/new-match-request.js';

interface TournamentControlsProps {
  readonly tournament: Tournament;
  readonly viewer: string | null;
  readonly onChanged: (tournament: Tournament) => void;
}

/** The two actions that ask "are you sure?" first. */
type Confirming = 'withdraw' | 'cancel' | null;

export function TournamentControls({ tournament, viewer, onChanged }: TournamentControlsProps) {
  const actions = tournamentActions(tournament, viewer);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  if (actions.length === 0) return <ProblemMessage problem={problem} />;
  const path = { params: { path: { id: tournament.id } } };
  const act = async (request: () => Promise<Tournament>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await request());
    } catch (error) {
      setProblem(asProblem(error));
    }
    setConfirming(null);
    setBusy(false);
  };
  const run: Readonly<Record<Exclude<TournamentAction, 'add-bot'>, () => Promise<Tournament>>> = {
    enter: () => call(api.POST('/api/tournaments/{id}/entries', { ...path, body: {} })),
    withdraw: () => call(api.DELETE('/api/tournaments/{id}/entries/me', path)),
    start: () => call(api.POST('/api/tournaments/{id}/start', path)),
    cancel: () => call(api.POST('/api/tournaments/{id}/cancel', path)),
  };
  const has = (action: TournamentAction): boolean => actions.includes(action);
  // A withdrawal before the start only takes the entry back: nothing to confirm.
  const withdrawAsks = tournament.status === 'running';
  return (
    <div class="tournament-controls">
      <ProblemMessage problem={problem} />
      {confirming !== null ? (
        <div class="confirm" role="group" aria-labelledby="tournament-confirm">
          <p id="tournament-confirm">
            {confirming === 'withdraw'
              ? t('tournaments.actions.withdrawWarning')
              : t('tournaments.actions.cancelWarning')}
          </p>
          <p class="button-row">
            <button type="button" disabled={busy} onClick={() => void act(run[confirming])}>
              {confirming === 'withdraw'
                ? t('tournaments.actions.withdrawConfirm')
                : t('tournaments.actions.cancelConfirm')}
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(null)}>
              {t('tournaments.actions.keep')}
            </button>
          </p>
        </div>
      ) : (
        <p class="button-row">
          {has('enter') && (
            <button type="button" disabled={busy} onClick={() => void act(run.enter)}>
              {t('tournaments.actions.enter')}
            </button>
          )}
          {has('start') && (
            <button type="button" disabled={busy} onClick={() => void act(run.start)}>
              {t('tournaments.actions.start')}
            </button>
          )}
          {has('withdraw') && (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => (withdrawAsks ? setConfirming('withdraw') : void act(run.withdraw))}
            >
              {t('tournaments.actions.withdraw')}
            </button>
          )}
          {has('cancel') && (
            <button type="button" class="secondary" disabled={busy} onClick={() => setConfirming('cancel')}>
              {t('tournaments.actions.cancel')}
            </button>
          )}
        </p>
      )}
      {has('add-bot') && confirming === null && (
        <AddHouseBot
          tournament={tournament}
          busy={busy}
          add={(bot) =>
            void act(() => call(api.POST('/api/tournaments/{id}/entries', { ...path, body: { username: bot } })))
          }
        />
      )}
    </div>
  );
}

/** The organiser adds a house bot (docs/bots.md) the tournament's game suits: gnubg plays backgammon only. */
function AddHouseBot({
  tournament,
  busy,
  add,
}: {
  readonly tournament: Tournament;
  readonly busy: boolean;
  readonly add: (bot: HouseBot) => void;
}) {
  const offered = useOfferedHouseBots();
  const entered = new Set(tournament.entrants.map((entrant) => entrant.username));
  const bots = (offered.bots ?? []).filter(
    (bot) => !entered.has(bot) && (bot !== 'gnubg' || tournament.variant === 'backgammon'),
  );
  if (bots.length === 0) return <ProblemMessage problem={offered.problem} />;
  return (
    <p class="button-row add-bot">
      {bots.map((bot) => (
        <button key={bot} type="button" class="secondary" disabled={busy} onClick={() => add(bot)}>
          <Trans id="tournaments.actions.addBot" values={{ bot }} components={[<span translate={false} />]} />
        </button>
      ))}
    </p>
  );
}
