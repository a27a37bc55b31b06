import { useTitle } from '../ui/use-title.js';

export function MatchPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('MatchPage');
  return <h1>MatchPage {JSON.stringify(params)}</h1>;
}
