/**
 * A finished match's analysis as the page reads it (GET /api/matches/{id}/analysis, docs/analysis.md):
 * asked for, followed on its stream while it runs (EventSource: the stream is public), read when done.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';

export type Analysis = Schemas['AnalysisDto'];
export type AnalysedDecision = Schemas['AnalysedDecisionDto'];

export interface MatchAnalysisState {
  /** Null while it is read, or when none was asked for (`asked` false). */
  readonly analysis: Analysis | null;
  readonly asked: boolean;
  readonly problem: ApiProblem | null;
  readonly ask: () => void;
}

const running = (analysis: Analysis | null): boolean =>
  analysis !== null && (analysis.status === 'queued' || analysis.status === 'running');

export function useMatchAnalysis(matchId: string): MatchAnalysisState {
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  useEffect(() => {
    let live = true;
    // Whether it has any (an empty list when none: no 404 to log), then the one to show in full.
    call(api.GET('/api/matches/{id}/analyses', { params: { path: { id: matchId } } }))
      .then(async ({ analyses }) => {
        if (analyses.length === 0) return;
        const read = await call(api.GET('/api/matches/{id}/analysis', { params: { path: { id: matchId } } }));
        if (!live) return;
        setAnalysis(read);
        setAsked(true);
      })
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [matchId]);

  // While it runs: its progress from the stream, and the whole analysis at the end.
  const following = running(analysis);
  useEffect(() => {
    if (!following) return;
    const source = new EventSource(`/api/matches/${matchId}/analysis/stream`);
    source.addEventListener('analysis', (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as Partial<Analysis>;
      setAnalysis((now) => (now === null ? now : { ...now, ...data }));
      if (data.status === 'done' || data.status === 'failed') source.close();
    });
    return () => source.close();
  }, [matchId, following]);

  const ask = (): void => {
    setProblem(null);
    call(api.POST('/api/matches/{id}/analysis', { params: { path: { id: matchId } } }))
      .then((queued) => {
        setAnalysis(queued);
        setAsked(true);
      })
      .catch((error: unknown) => setProblem(asProblem(error)));
  };
  return { analysis, asked, problem, ask };
}

/** The decisions of the analysis in match order, with their game's number. */
export function decisionsOf(analysis: Analysis): (AnalysedDecision & { readonly game: number })[] {
  return analysis.games.flatMap((game) => game.decisions.map((decision) => ({ ...decision, game: game.number })));
}
