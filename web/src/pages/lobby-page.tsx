import { useTitle } from '../ui/use-title.js';

export function LobbyPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('LobbyPage');
  return <h1>LobbyPage {JSON.stringify(params)}</h1>;
}
