import { useTitle } from '../ui/use-title.js';

export function SignInPage(_: { readonly params: Record<string, string> }) {
  useTitle('Sign in');
  return <h1>Sign in</h1>;
}

export function SignUpPage(_: { readonly params: Record<string, string> }) {
  useTitle('Sign up');
  return <h1>Sign up</h1>;
}
