/**
 * After the end: every throw of the match recomputed here, in the browser (Web Crypto), from the
 * seed the server revealed, the commitment it published at the start and the players' client seeds
 * (docs/dice-fairness.md); each throw says whether it matches the one recorded.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type MatchState } from '../../api/client.js';
import { ApiProblem, asProblem } from '../../api/problem.js';
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
        new ApiProblem(
          0,
          'The dice cannot be checked here',
          'This browser checks them only on a secure (HTTPS) page.',
          'insecure-page',
        ),
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
      <h2 id="fairness-heading">Fair dice</h2>
      <ProblemMessage problem={problem} />
      {report === null ? (
        problem === null && <p>Checking the dice…</p>
      ) : (
        <>
          <p class={`verdict ${report.verdict === 'fair' ? 'ok' : 'bad'}`} data-testid="fairness-verdict" role="status">
            {verdictText(report)}
          </p>
          <details>
            <summary>Every throw</summary>
            <div class="table-scroll" tabIndex={0} role="region" aria-label="Throws">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Throw</th>
                    <th scope="col">Recorded</th>
                    <th scope="col">Recomputed</th>
                    <th scope="col">Check</th>
                  </tr>
                </thead>
                <tbody>
                  {report.throws.map((t) => (
                    <tr key={t.index}>
                      <td>{t.index + 1}</td>
                      <td>{t.recorded.join('-')}</td>
                      <td>{t.recomputed.join('-')}</td>
                      <td class={t.matches ? 'ok' : 'bad'}>{t.matches ? 'matches' : 'DIFFERS'}</td>
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
  const differing = report.throws.filter((t) => !t.matches).length;
  switch (report.verdict) {
    case 'fair':
      return `All ${report.throws.length} throws match the revealed seed, and the seed matches the commitment published at the start.`;
    case 'seed-not-revealed':
      return 'The seed is revealed when the match is over.';
    case 'unknown-algorithm':
      return 'The dice of this match come from a scheme this page cannot check.';
    case 'malformed-seed':
      return 'The revealed seed cannot be read.';
    case 'commitment-mismatch':
      return 'The revealed seed does not match the commitment published at the start.';
    case 'dice-mismatch':
      return `${differing} of ${report.throws.length} throws do not match the revealed seed.`;
  }
}
