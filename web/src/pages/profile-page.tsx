import { useTitle } from '../ui/use-title.js';

export function ProfilePage({ params }: { readonly params: Record<string, string> }) {
  useTitle('ProfilePage');
  return <h1>ProfilePage {JSON.stringify(params)}</h1>;
}
