import { AUTH_MESSAGES, type AuthField, renderMessage, validateNewPassword } from '@jalaj/commerce';
import { isApiError, useSession } from '@jalaj/web-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthApi } from '../../api/auth.js';
import { useToast } from '../toast/toast-provider.js';
import { serverMessage } from '../ui/error-text.js';
import { TextField, useFocusFirstInvalid } from '../ui/form-field.js';

// The toast titles of the two client-side rules, by the field they concern.
const RULE_TITLES: Partial<Record<AuthField, string>> = {
  confirmPassword: AUTH_MESSAGES.passwordMismatchTitle,
  password: AUTH_MESSAGES.passwordTooShortTitle,
};

const invalidLink = renderMessage('RESET_LINK_INVALID');
const INVALID_LINK = { title: invalidLink.title!, description: invalidLink.message, tone: 'error' } as const;

/**
 * The `/reset-password?token=…` card, reached from the password-reset e-mail:
 * choose a new password, then continue on the landing page.
 */
export function ResetPasswordCard({ token }: { readonly token: string | null }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<AuthField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const authApi = useAuthApi();
  const { status, signOut } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const rejectedLink = useRef(false);

  // A used or expired link is turned away when the page opens, not after two passwords
  // were typed. The check leaves the token unused and the update checks it again; if the
  // check cannot be made, the form stays and the update decides.
  useEffect(() => {
    let left = false;
    const reject = () => {
      if (left || rejectedLink.current) return;
      rejectedLink.current = true;
      toast(INVALID_LINK);
      void navigate('/auth', { replace: true });
    };
    if (!token) reject();
    else {
      authApi.checkResetToken(token).then(
        ({ valid }) => {
          if (!valid) reject();
        },
        () => undefined,
      );
    }
    return () => {
      left = true;
    };
  }, [token, authApi, toast, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !token) return;
    const [problem] = validateNewPassword({ password, confirmPassword });
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      focusFirstInvalid();
      toast({ title: RULE_TITLES[problem.field] ?? 'Error', description: problem.message, tone: 'error' });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await authApi.updatePassword(token, password);
      // The server ends every session of the user, this browser's included.
      if (status === 'signed-in') await signOut();
      const updated = renderMessage('PASSWORD_UPDATED');
      toast({ title: updated.title!, description: updated.message, tone: 'success' });
      await navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'RESET_LINK_INVALID') {
        toast(INVALID_LINK);
        await navigate('/auth', { replace: true });
        return;
      }
      toast({ title: 'Error', description: serverMessage(error, 'Failed to update password'), tone: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <header className="auth-card__header">
        <h1 id="reset-title" className="auth-card__title">
          Set New Password
        </h1>
        <p className="auth-card__lead">Choose a new password for your Jalaj account.</p>
      </header>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors({});
          }}
          required
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setErrors({});
          }}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting || !token}>
          {submitting ? 'Updating...' : 'Update Password'}
        </button>
      </form>
      <footer className="auth-card__footer">
        <Link to="/auth" className="link-button">
          Back to Sign In
        </Link>
      </footer>
    </section>
  );
}
