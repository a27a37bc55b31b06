/**
 * After the end: every throw of the match recomputed here, in the browser (Web Crypto), from the
 * seed the server revealed, the commitment it published at the start and the players' client seeds
 * (docs/dice-fairness.md); each throw says whether it matches the one recorded.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type MatchState } from '../../api/client.js';
import { ApiProblem, asProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { checkFairness, type FairnessCheck } from '../../match/fairness.js';
import { ProblemMessage } from '../../ui/problem-message.js';

export function FairnessPanel({ state }: { readonly state: MatchState }) {
  const [report, setReport] = useState<FairnessCheck | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  useEffect(() => {
    let live = true;
    if (globalThis.crypto?.subtle === undefined) {
      // Web Crypto's digests exist only on secure pages (HTTPS, or this machine).
      setProblem(
        new ApiProblem(0, t('match.fairness.insecureTitle'), t('match.fairness.insecureDetail'), 'insecure-page'),
      );
      return;
    }
    call(api.GET('/api/matches/{id}/fairness', { params: { path: { id: state.id } } }))
      .then((fairness) => checkFairness(state.id, fairness))
      .then((checked) => live && setReport(checked))
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [state.id, state.version]);
  return (
    <section class="fairness" aria-labelledby="fairness-heading">
      <h2 id="fairness-heading">{t('match.fairness.heading')}</h2>
      <ProblemMessage problem={problem} />
      {report === null ? (
        problem === null && <p>{t('match.fairness.checking')}</p>
      ) : (
        <>
          <p class={`verdict ${report.verdict === 'fair' ? 'ok' : 'bad'}`} data-testid="fairness-verdict" role="status">
            {verdictText(report)}
          </p>
          <details>
            <summary>{t('match.fairness.everyThrow')}</summary>
            <div class="table-scroll" tabIndex={0} role="region" aria-label={t('match.fairness.throws')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('match.fairness.throw')}</th>
                    <th scope="col">{t('match.fairness.recorded')}</th>
                    <th scope="col">{t('match.fairness.recomputed')}</th>
                    <th scope="col">{t('match.fairness.check')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.throws.map((thrown) => (
                    <tr key={thrown.index}>
                      <td>{thrown.index + 1}</td>
                      <td>{thrown.recorded.join('-')}</td>
                      <td>{thrown.recomputed.join('-')}</td>
                      <td class={thrown.matches ? 'ok' : 'bad'}>
                        {thrown.matches ? t('match.fairness.matches') : t('match.fairness.differs')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

function verdictText(report: FairnessCheck): string {
  const count = report.throws.length;
  switch (report.verdict) {
    case 'fair':
      return t('match.fairness.fair', { count });
    case 'seed-not-revealed':
      return t('match.fairness.seedNotRevealed');
    case 'unknown-algorithm':
      return t('match.fairness.unknownAlgorithm');
    case 'malformed-seed':
      return t('match.fairness.malformedSeed');
    case 'commitment-mismatch':
      return t('match.fairness.commitmentMismatch');
    case 'dice-mismatch':
      return t('match.fairness.diceMismatch', { differing: report.throws.filter((c) => !c.matches).length, count });
  }
}
