import { useTitle } from '../ui/use-title.js';

export function LeaderboardPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('LeaderboardPage');
  return <h1>LeaderboardPage {JSON.stringify(params)}</h1>;
}
