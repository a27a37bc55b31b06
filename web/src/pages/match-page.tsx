/**
 * A match: the board from the person's side, the score and the turn, the decisions the state lists,
 * moving checkers (board, list of legal plays, typed text), the opponent's plays animated in, the
 * replay of any earlier position, the files and picture of the match, and, once it is over, the
 * fairness check of every throw.
 */
import { useMemo, useState } from 'preact/hooks';
import type { StreamNotice } from '../api/stream.js';
import { PlayerTools } from '../community/player-tools.js';
import { t, Trans } from '../i18n/index.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useTitle } from '../ui/use-title.js';
import { ActionBar } from './match/action-bar.js';
import { AnalysisPanel } from './match/analysis-panel.js';
import type { AnalysedDecision } from './match/match-analysis.js';
import { colourWord, EndPanel } from './match/end-panel.js';
import { FairnessPanel } from './match/fairness-panel.js';
import { MatchFiles } from './match/match-files.js';
import { MessagesPanel, type NoticeHub } from './match/messages-panel.js';
import { MatchSummary, turnLine } from './match/match-summary.js';
import type { AnimatedFrame } from './match/play-animation.js';
import { PlayArea } from './match/play-area.js';
import { ReplayPanel, type ReplayShown } from './match/replay-panel.js';
import { TournamentLink } from './match/tournament-link.js';
import { useMatch } from './match/use-match.js';
import './match/match.css';

export function MatchPage({ params }: { readonly params: Record<string, string> }) {
  const id = params.id;
  const session = useSession();
  // The match stream's messages, handed to the messages panel.
  const hub: NoticeHub = useMemo(() => new Set(), [id]);
  const match = useMatch(id, (notice: StreamNotice) => [...hub].forEach((listener) => listener(notice)));
  const { state } = match;
  // The board of an opponent's play being animated: until it lands, no decision is taken and the
  // summary shows that board's pips, not the result of the play yet.
  const [animated, setAnimated] = useState<AnimatedFrame | null>(null);
  // An earlier turn shown on the board by the replay: no decision is taken meanwhile.
  const [replayed, setReplayed] = useState<ReplayShown | null>(null);
  // The analysis's marked decisions, said in the replay; the one asked to be shown on the board.
  const [marks, setMarks] = useState<ReadonlyMap<number, AnalysedDecision>>(new Map());
  const [focus, setFocus] = useState<{ seq: number; at: number } | null>(null);
  // A seat nobody holds yet is named by its colour (translated, unlike a username).
  const whiteName = state?.players.white?.username ?? null;
  const blackName = state?.players.black?.username ?? state?.opponent ?? null;
  const you = session !== null && state?.you != null ? session.username : null;
  const opponentSeat =
    state?.you === 'white' ? state.players.black : state?.you === 'black' ? state.players.white : null;
  const opponent = you !== null && opponentSeat != null && !opponentSeat.bot ? opponentSeat.username : null;
  const white = whiteName ?? colourWord('white');
  const black = blackName ?? colourWord('black');
  useTitle(state === null ? t('match.page.title') : t('match.page.players', { white, black }));
  if (state === null) {
    return (
      <section>
        <h1>{t('match.page.title')}</h1>
        {match.problem !== null ? <ProblemMessage problem={match.problem} /> : <p>{t('match.page.loading')}</p>}
      </section>
    );
  }
  return (
    <section class="match-page" data-version={state.version} data-status={state.status}>
      <h1>
        <Trans
          id="match.page.heading"
          values={{ white, black }}
          components={[
            <span translate={whiteName === null ? undefined : false} />,
            <span translate={blackName === null ? undefined : false} />,
          ]}
        />
      </h1>
      <TournamentLink matchId={id} />
      {session === null && state.status !== 'finished' && (
        <p>
          <Trans
            id="match.page.watching"
            components={[<Link href={`/signin?next=${encodeURIComponent(`/matches/${id}`)}`} />]}
          />
        </p>
      )}
      <ProblemMessage problem={match.problem} />
      {/* On a phone the summary comes below the board: the turn is said above it too (read once, below). */}
      <p class="turn-line-top" aria-hidden="true" data-testid="turn-line-top">
        {turnLine(state, animated)}
      </p>
      <div class="match-layout">
        <PlayArea match={match} state={state} onFrame={setAnimated} replay={replayed} />
        <div class="match-side">
          {animated === null && <EndPanel state={state} />}
          <MatchSummary state={state} animated={animated} />
          <ActionBar
            state={state}
            busy={match.busy || animated !== null || replayed !== null}
            perform={match.perform}
          />
          <p class="stream-status muted" aria-live="polite">
            {match.stream === 'reconnecting'
              ? t('match.page.reconnecting')
              : match.stream === 'stopped'
                ? t('match.page.streamStopped')
                : ''}
          </p>
          {you !== null && (state.status === 'playing' || state.status === 'finished') && (
            <MessagesPanel matchId={id} you={you} hub={hub} />
          )}
          {opponent !== null && (
            <details class="opponent-tools">
              <summary>{t('match.opponent.tools', { name: opponent })}</summary>
              <PlayerTools username={opponent} matchId={id} />
            </details>
          )}
          <ReplayPanel state={state} onShow={setReplayed} marks={marks} focus={focus} />
        </div>
      </div>
      {state.status === 'finished' && (
        <AnalysisPanel
          state={state}
          onMarks={setMarks}
          onShow={(decision) => setFocus({ seq: decision.seq, at: Date.now() })}
        />
      )}
      <MatchFiles state={state} />
      {state.status === 'finished' &&
        (state.fairness !== null ? <FairnessPanel state={state} /> : <p class="muted">{t('match.page.imported')}</p>)}
    </section>
  );
}
