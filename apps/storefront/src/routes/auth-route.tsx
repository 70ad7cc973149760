import { IDENTITY_MESSAGES } from '@jalaj/commerce';
import { useSession } from '@jalaj/web-kit';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { SessionPending } from '../features/account/sign-in-prompt.js';
import { AuthCard } from '../features/auth/auth-card.js';
import { AuthLayout } from '../features/auth/auth-layout.js';
import { useToast } from '../features/toast/toast-provider.js';

/** `/auth`: sign in, create an account or ask for a reset link; a signed-in user is sent home. */
export function AuthRoute() {
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const reportedInvalidConfirm = useRef(false);
  const confirmInvalid = params.get('confirm') === 'invalid';

  useEffect(() => {
    // The BFF sends a failed e-mail confirmation here; say so once and tidy the URL.
    if (!confirmInvalid || reportedInvalidConfirm.current) return;
    reportedInvalidConfirm.current = true;
    toast({ title: 'Error', description: IDENTITY_MESSAGES.invalidConfirmLink, tone: 'error' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirm');
        return next;
      },
      { replace: true },
    );
  }, [confirmInvalid, toast, setParams]);

  if (status === 'signed-in') return <Navigate to="/" replace />;
  return (
    <>
      <title>Sign In — Jalaj</title>
      <AuthLayout>{status === 'loading' ? <SessionPending /> : <AuthCard />}</AuthLayout>
    </>
  );
}
