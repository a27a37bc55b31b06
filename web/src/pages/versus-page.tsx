import { useTitle } from '../ui/use-title.js';

export function VersusPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('VersusPage');
  return <h1>VersusPage {JSON.stringify(params)}</h1>;
}
