/**
 * The error graph: one bar per decision of the match, in order, as tall as the equity it gave away,
 * coloured by its mark, white's above the line and black's below; games are parted by a thin rule.
 * A marked bar is a button: it shows that decision on the board.
 */
import { t } from '../../i18n/index.js';
import { decimalText } from '../../ui/figures.js';
import type { AnalysedDecision } from './match-analysis.js';

const WIDTH = 600;
const HALF = 60;
/** Losses above this are drawn at full height (a very bad error is 0.16). */
const SCALE = 0.3;

export interface ErrorGraphProps {
  readonly decisions: readonly (AnalysedDecision & { readonly game: number })[];
  readonly onShow: (decision: AnalysedDecision) => void;
}

export function ErrorGraph({ decisions, onShow }: ErrorGraphProps) {
  const step = WIDTH / Math.max(1, decisions.length);
  const largest = decisions.reduce((most, d) => Math.max(most, d.loss), 0);
  return (
    <svg
      class="error-graph"
      viewBox={`0 0 ${WIDTH} ${2 * HALF}`}
      role="group"
      aria-label={t('match.analysis.graphLabel', { count: decisions.length, largest: decimalText(largest, 3) })}
      data-testid="error-graph"
    >
      <line x1={0} x2={WIDTH} y1={HALF} y2={HALF} class="axis" />
      {decisions.map((d, i) => {
        const height = Math.max(1, (Math.min(d.loss, SCALE) / SCALE) * (HALF - 2));
        const y = d.by === 'white' ? HALF - height : HALF;
        const bar = (
          <rect x={i * step} y={y} width={Math.max(1, step - 1)} height={height} class={`bar ${d.mark ?? 'none'}`} />
        );
        const newGame = i > 0 && decisions[i - 1].game !== d.game;
        return (
          <g key={d.seq}>
            {newGame && <line x1={i * step} x2={i * step} y1={0} y2={2 * HALF} class="game-rule" />}
            {d.mark === null ? (
              bar
            ) : (
              <a
                href={`#decision-${d.seq}`}
                data-mark={d.mark}
                onClick={(event) => {
                  event.preventDefault();
                  onShow(d);
                }}
              >
                <title>{t('match.analysis.markName', { mark: d.mark })}</title>
                {bar}
              </a>
            )}
          </g>
        );
      })}
    </svg>
  );
}
