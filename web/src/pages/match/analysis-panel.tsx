/**
 * A finished match's analysis (docs/analysis.md): asked for here by a signed-in reader, its progress
 * while it runs, then each player's PR, error rates and luck, the error graph over the match, and the
 * bad and very bad decisions, each of which the board can show with the best play beside it.
 */
import { useEffect } from 'preact/hooks';
import type { MatchState } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { useSession } from '../../session.js';
import { decimalText } from '../../ui/figures.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { colourWord } from './end-panel.js';
import { ErrorGraph } from './error-graph.js';
import { decisionsOf, useMatchAnalysis, type AnalysedDecision, type Analysis } from './match-analysis.js';

export interface AnalysisPanelProps {
  readonly state: MatchState;
  readonly onShow: (decision: AnalysedDecision) => void;
  /** Told the marked decisions by seq once the analysis is done. */
  readonly onMarks?: (marks: ReadonlyMap<number, AnalysedDecision>) => void;
}

export function AnalysisPanel({ state, onShow, onMarks }: AnalysisPanelProps) {
  const session = useSession();
  const { analysis, asked, problem, ask } = useMatchAnalysis(state.id);
  const done = analysis?.status === 'done';
  useEffect(() => {
    if (!done || analysis === null) return;
    onMarks?.(
      new Map(
        decisionsOf(analysis)
          .filter((d) => d.mark !== null)
          .map((d) => [d.seq, d]),
      ),
    );
  }, [done]);
  return (
    <section class="analysis" aria-labelledby="analysis-heading" data-status={analysis?.status ?? 'none'}>
      <h2 id="analysis-heading">{t('match.analysis.heading')}</h2>
      <ProblemMessage problem={problem} />
      {!asked && (
        <>
          <p>{t('match.analysis.none')}</p>
          {session === null ? (
            <p class="muted">{t('match.analysis.signIn')}</p>
          ) : (
            <button type="button" onClick={ask}>
              {t('match.analysis.ask')}
            </button>
          )}
        </>
      )}
      {analysis !== null && analysis.status === 'queued' && <p role="status">{t('match.analysis.queued')}</p>}
      {analysis !== null && analysis.status === 'running' && (
        <p role="status">
          <label>
            {t('match.analysis.running')} <progress max={1} value={analysis.progress} />
          </label>
        </p>
      )}
      {analysis !== null && analysis.status === 'failed' && (
        <p class="bad" role="status">
          {t('match.analysis.failed', { reason: analysis.error ?? '' })}
        </p>
      )}
      {analysis !== null && analysis.status === 'done' && (
        <AnalysisDone analysis={analysis} state={state} onShow={onShow} />
      )}
    </section>
  );
}

function AnalysisDone({ analysis, state, onShow }: { readonly analysis: Analysis } & AnalysisPanelProps) {
  const players = analysis.players;
  const decisions = decisionsOf(analysis);
  const mistakes = decisions.filter((d) => d.mark === 'bad' || d.mark === 'very-bad');
  const name = (colour: 'white' | 'black'): string => state.players[colour]?.username ?? colourWord(colour);
  return (
    <>
      <p class="muted">{t('match.analysis.engine', { engine: analysis.engine.name, plies: analysis.engine.plies })}</p>
      {players !== null && (
        <div class="table-scroll" tabIndex={0} role="region" aria-label={t('match.analysis.figures')}>
          <table data-testid="analysis-figures">
            <thead>
              <tr>
                <th scope="col">{t('match.analysis.player')}</th>
                <th scope="col">{t('match.analysis.pr')}</th>
                <th scope="col">{t('match.analysis.chequer')}</th>
                <th scope="col">{t('match.analysis.cube')}</th>
                <th scope="col">{t('match.analysis.luck')}</th>
                <th scope="col">{t('match.analysis.luckAdjusted')}</th>
              </tr>
            </thead>
            <tbody>
              {(['white', 'black'] as const).map((colour) => {
                const figures = players[colour];
                return (
                  <tr key={colour} data-colour={colour}>
                    <th scope="row" translate={state.players[colour] === null ? undefined : false}>
                      {name(colour)}
                    </th>
                    <td data-testid={`pr-${colour}`}>{decimalText(figures.pr, 2)}</td>
                    <td>{decimalText(figures.chequerErrorRate, 1)}</td>
                    <td>{decimalText(figures.cubeErrorRate, 1)}</td>
                    <td>{decimalText(figures.luck, 3, true)}</td>
                    <td>{decimalText(figures.luckAdjustedResult, 3, true)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t('match.analysis.graph')}</h3>
      <ErrorGraph decisions={decisions} onShow={onShow} />
      <h3>{t('match.analysis.mistakes')}</h3>
      {mistakes.length === 0 ? (
        <p>{t('match.analysis.noMistakes')}</p>
      ) : (
        <ul class="mistakes" data-testid="mistakes">
          {mistakes.map((d) => (
            <li key={d.seq} id={`decision-${d.seq}`} data-mark={d.mark}>
              <span class={`mark ${d.mark}`}>{t('match.analysis.markName', { mark: d.mark ?? 'doubtful' })}</span>{' '}
              {t('match.analysis.mistake', {
                game: d.game,
                player: name(d.by === 'white' ? 'white' : 'black'),
                played: choiceText(d.played),
                best: choiceText(d.best),
                loss: decimalText(d.loss, 3),
              })}{' '}
              <button type="button" class="secondary" onClick={() => onShow(d)}>
                {t('match.analysis.show')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const CHOICES = ['no-double', 'double', 'too-good', 'take', 'drop', 'beaver', 'accept', 'reject'];

/** A cube choice in the page's language; a play's notation as it is. */
export function choiceText(choice: string): string {
  // ICU select keys take no hyphens: no-double is said as noDouble.
  const key = choice.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return CHOICES.includes(choice) ? t('match.analysis.choice', { choice: key }) : choice;
}
