/**
 * Live checks of the sign-up form with the protocol's own schemas (`Username`, `Password`, `RegisterBody`: the
 * server parses the body with the same ones), worded in the interface's language. Zod's messages are English
 * and meant for tools; here each issue is named by its field and kind.
 */
import { PASSWORD_MAX, PASSWORD_MIN, RegisterBody, USERNAME_MAX, USERNAME_MIN } from '@vroyale/protocol';
import { t } from '../i18n';

export interface CredentialProblems {
  username?: string;
  password?: string;
}

type Issue = { path: PropertyKey[]; code: string };

function usernameText(i: Issue): string {
  if (i.code === 'too_small') return t('account.problem.usernameShort', { min: USERNAME_MIN });
  if (i.code === 'too_big') return t('account.problem.usernameLong', { max: USERNAME_MAX });
  if (i.code === 'custom') return t('account.problem.usernameReserved');
  return t('account.problem.usernameChars');
}

function passwordText(i: Issue): string {
  if (i.code === 'too_small') return t('account.problem.passwordShort', { min: PASSWORD_MIN });
  if (i.code === 'too_big') return t('account.problem.passwordLong', { max: PASSWORD_MAX });
  return t('account.problem.passwordIsUsername');
}

/** What is wrong with a sign-up, field by field (the first problem of each); empty when the server would accept it. */
export function registerProblems(username: string, password: string): CredentialProblems {
  const r = RegisterBody.safeParse({ username, password });
  if (r.success) return {};
  const out: CredentialProblems = {};
  for (const i of r.error.issues) {
    if (i.path[0] === 'username' && !out.username) out.username = usernameText(i);
    if (i.path[0] === 'password' && !out.password) out.password = passwordText(i);
  }
  return out;
}
