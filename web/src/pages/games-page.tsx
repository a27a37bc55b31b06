import { useTitle } from '../ui/use-title.js';

export function GamesPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('GamesPage');
  return <h1>GamesPage {JSON.stringify(params)}</h1>;
}
