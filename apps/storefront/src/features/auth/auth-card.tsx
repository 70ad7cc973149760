import { type AuthField, IDENTITY_MESSAGES, renderMessage, validatePasswordResetRequest, validateSignIn, validateSignUp } from '@jalaj/commerce';
import { isApiError, useSession } from '@jalaj/web-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthApi } from '../../api/auth.js';
import { useToast } from '../toast/toast-provider.js';
import { serverFieldErrors, serverMessage } from '../ui/error-text.js';
import { TextField, useFocusFirstInvalid } from '../ui/form-field.js';

/** The three forms of the auth card. */
export type AuthMode = 'sign-in' | 'sign-up' | 'reset';

const TITLES: Record<AuthMode, string> = {
  'sign-in': 'Sign In',
  'sign-up': 'Create Account',
  reset: 'Reset Password',
};

const LEADS: Record<AuthMode, string> = {
  'sign-in': 'Welcome back to Jalaj. Sign in with your email and password.',
  'sign-up': 'Join Jalaj to shop healthy aquarium plants across India.',
  reset: 'Enter the email address of your account.',
};

// Spec §8: a sign-up error containing this text means the e-mail is taken.

type FieldErrors = Partial<Record<AuthField, string>>;

const toFieldErrors = (errors: readonly { field: string; message: string }[]): FieldErrors =>
  Object.fromEntries(errors.map((e) => [e.field, e.message]).reverse());

/**
 * The `/auth` card: sign in (default), create an account, or ask for a
 * password-reset link, switched by links inside the card.
 */
export function AuthCard() {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { signIn } = useSession();
  const authApi = useAuthApi();
  const toast = useToast();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const modeSwitched = useRef(false);

  useEffect(() => {
    // Announce the new form by moving focus to its title; not on the first render.
    if (modeSwitched.current) titleRef.current?.focus();
  }, [mode]);

  const switchMode = (next: AuthMode) => {
    modeSwitched.current = true;
    setErrors({});
    setPassword('');
    setMode(next);
  };

  const clearError = (field: AuthField) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const rejectWith = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    focusFirstInvalid();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problems =
      mode === 'sign-in'
        ? validateSignIn({ email, password })
        : mode === 'sign-up'
          ? validateSignUp({ fullName, email, password })
          : validatePasswordResetRequest({ email });
    if (problems.length > 0) {
      rejectWith(toFieldErrors(problems));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (mode === 'sign-in') {
        await signIn(email.trim(), password);
        toast({ title: 'Welcome back!', description: 'You have successfully signed in.', tone: 'success' });
        await navigate('/', { replace: true });
        return;
      }
      if (mode === 'sign-up') {
        await authApi.signUp({ email: email.trim(), password, fullName: fullName.trim() });
        toast({ title: 'Account created!', description: IDENTITY_MESSAGES.accountCreated, tone: 'success' });
        // Done: a form still holding the details would invite signing up twice.
        setFullName('');
        setEmail('');
        setPassword('');
        return;
      }
      await authApi.requestPasswordReset(email.trim());
      const sent = renderMessage('RESET_EMAIL_SENT');
      toast({ title: sent.title!, description: sent.message, tone: 'success' });
      switchMode('sign-in');
    } catch (error) {
      if (mode === 'sign-up' && isApiError(error) && error.code === 'EMAIL_TAKEN') {
        toast({ title: 'Account already exists', description: 'This email is already registered. Please sign in instead.', tone: 'error' });
        switchMode('sign-in');
        return;
      }
      const fromServer = serverFieldErrors(error) as FieldErrors;
      if (Object.keys(fromServer).length > 0) rejectWith(fromServer);
      const fallback = mode === 'reset' ? 'Failed to send reset email' : 'An error occurred';
      toast({ title: 'Error', description: serverMessage(error, fallback), tone: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  const submitLabel = mode === 'sign-in' ? 'Sign In' : mode === 'sign-up' ? 'Sign Up' : 'Send Reset Link';
  const busyLabel = mode === 'reset' ? 'Sending...' : 'Loading...';

  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <header className="auth-card__header">
        <h1 id="auth-title" className="auth-card__title" ref={titleRef} tabIndex={-1}>
          {TITLES[mode]}
        </h1>
        <p className="auth-card__lead">{LEADS[mode]}</p>
      </header>

      <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        {mode === 'sign-up' ? (
          <TextField
            label="Full Name"
            name="fullName"
            autoComplete="name"
            value={fullName}
            error={errors.fullName}
            onChange={(event) => {
              setFullName(event.target.value);
              clearError('fullName');
            }}
            required
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={errors.email}
          hint={mode === 'reset' ? "We'll send you a link to reset your password" : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            clearError('email');
          }}
          required
        />
        {mode !== 'reset' ? (
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError('password');
            }}
            required
          />
        ) : null}

        {mode === 'sign-in' ? (
          <p className="auth-card__aside">
            <button type="button" className="link-button" onClick={() => switchMode('reset')}>
              Forgot your password?
            </button>
          </p>
        ) : null}

        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? busyLabel : submitLabel}
        </button>
      </form>

      <footer className="auth-card__footer">
        {mode === 'sign-in' ? (
          <button type="button" className="link-button" onClick={() => switchMode('sign-up')}>
            Don&apos;t have an account? Sign up
          </button>
        ) : mode === 'sign-up' ? (
          <button type="button" className="link-button" onClick={() => switchMode('sign-in')}>
            Already have an account? Sign in
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => switchMode('sign-in')}>
            Back to Sign In
          </button>
        )}
      </footer>
    </section>
  );
}
