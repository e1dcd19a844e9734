import { useApp } from '../../store';

/** Signed in with an account (tournaments need one; guests may watch). */
export function useSignedIn(): boolean {
  const account = useApp((s) => s.account);
  const me = useApp((s) => s.me);
  return !!account && !account.guest && !!me?.username;
}
