import { useTitle } from '../ui/use-title.js';

export function HomePage({ params }: { readonly params: Record<string, string> }) {
  useTitle('HomePage');
  return <h1>HomePage {JSON.stringify(params)}</h1>;
}
