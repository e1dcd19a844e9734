/**
 * The account dialog (a lazy chunk): "Sign in" and "Create account" as two tabs of one dialog, and "Change
 * password". Sign-up is checked live with the protocol's schemas (account/credentials.ts), the same ones the
 * server parses with; the server's refusals are shown by their code (taken, wrong credentials, too many attempts
 * with the wait, banned).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type Ref } from 'react';
import { ChangePasswordBody, LoginBody, Password } from '@vroyale/protocol';
import { registerProblems } from '../../account/credentials';
import { useT } from '../../i18n';
import { apiErrorText } from '../../net/api-errors';
import { changePassword, login, register } from '../../net/identity';
import { toast } from '../../store';
import { Modal } from '../modal';
import type { AccountTab } from './account-tab';

export default function AccountDialog({ tab, onTab, onClose }: { tab: AccountTab; onTab: (t: AccountTab) => void; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Modal className="account-dialog" role="dialog" labelledBy={titleId} onClose={onClose}>
      {tab === 'password' ? (
        <>
          <h2 id={titleId}>{t('account.changePassword')}</h2>
          <PasswordForm onDone={onClose} />
        </>
      ) : (
        <>
          <h2 id={titleId} className="sr-only">
            {t('account.dialogLabel')}
          </h2>
          <div className="tabs account-tabs" role="tablist">
            {(['sign-in', 'register'] as const).map((k) => (
              <button key={k} role="tab" id={`acc-tab-${k}`} aria-selected={tab === k} aria-controls={`acc-panel-${k}`} onClick={() => onTab(k)}>
                {k === 'sign-in' ? t('account.signIn') : t('account.createAccount')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`acc-panel-${tab}`} aria-labelledby={`acc-tab-${tab}`}>
            <CredentialsForm key={tab} mode={tab} onDone={onClose} />
          </div>
        </>
      )}
      <button className="btn ghost modal-close" onClick={onClose}>
        {t('account.close')}
      </button>
    </Modal>
  );
}

function CredentialsForm({ mode, onDone }: { mode: 'sign-in' | 'register'; onDone: () => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const reg = mode === 'register';
  const problems = reg ? registerProblems(username, password) : {};
  const ready = reg ? Object.keys(problems).length === 0 : LoginBody.safeParse({ username, password }).success;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (!ready || busy) return;
    setBusy(true);
    setFailure(null);
    const r = reg ? await register({ username: username.trim(), password }) : await login({ username: username.trim(), password });
    setBusy(false);
    if (r) setFailure(apiErrorText(r));
    else onDone();
  };

  const uProblem = reg && touched.username ? problems.username : undefined;
  const pProblem = reg && touched.password ? problems.password : undefined;
  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        inputRef={first}
        id="acc-username"
        label={t('account.username')}
        hint={uProblem ?? (reg ? t('account.usernameHint') : '\u00a0')}
        problem={!!uProblem}
        value={username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        onChange={(e) => (setUsername(e.target.value), setTouched((x) => ({ ...x, username: true })))}
      />
      <Field
        id="acc-password"
        label={t('account.password')}
        hint={pProblem ?? (reg ? t('account.passwordHint') : '\u00a0')}
        problem={!!pProblem}
        type="password"
        value={password}
        autoComplete={reg ? 'new-password' : 'current-password'}
        maxLength={128}
        onChange={(e) => (setPassword(e.target.value), setTouched((x) => ({ ...x, password: true })))}
      />
      <Failure text={failure} />
      <button className="btn primary big" disabled={!ready || busy}>
        {busy ? t('account.working') : reg ? t('account.createAccount') : t('account.signIn')}
      </button>
    </form>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const nextOk = Password.safeParse(next).success;
  const ready = ChangePasswordBody.safeParse({ current, next }).success;
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready || busy) return;
        setBusy(true);
        void changePassword({ current, next }).then((r) => {
          setBusy(false);
          if (r) return setFailure(apiErrorText(r));
          toast(t('account.passwordChanged'), 'info');
          onDone();
        });
      }}
    >
      <label htmlFor="acc-current">{t('account.currentPassword')}</label>
      <input
        ref={first}
        id="acc-current"
        type="password"
        autoComplete="current-password"
        value={current}
        maxLength={128}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        id="acc-next"
        label={t('account.newPassword')}
        hint={t('account.passwordHint')}
        problem={next !== '' && !nextOk}
        type="password"
        autoComplete="new-password"
        value={next}
        maxLength={128}
        onChange={(e) => setNext(e.target.value)}
      />
      <Failure text={failure} />
      <button className="btn primary big" disabled={!ready || busy}>
        {busy ? t('account.working') : t('account.savePassword')}
      </button>
    </form>
  );
}

/** A labelled input with its hint below, which turns into the problem when there is one (aria-invalid, aria-describedby). */
function Field({
  id,
  label,
  hint,
  problem,
  inputRef,
  ...input
}: { id: string; label: string; hint: string; problem: boolean; inputRef?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} aria-invalid={problem} aria-describedby={`${id}-hint`} {...input} />
      <small id={`${id}-hint`} className={problem ? 'field-problem' : 'hint'}>
        {hint}
      </small>
    </>
  );
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <p className="form-failure" role="alert">
      {text}
    </p>
  ) : null;
}
