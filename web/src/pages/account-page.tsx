import { useTitle } from '../ui/use-title.js';

export function AccountPage({ params }: { readonly params: Record<string, string> }) {
  useTitle('AccountPage');
  return <h1>AccountPage {JSON.stringify(params)}</h1>;
}
