import { IDENTITY_MESSAGES } from '@jalaj/commerce';
import { useSession } from '@jalaj/web-kit';
import { Navigate } from 'react-router-dom';
import { SessionPending } from '../features/account/sign-in-prompt.js';
import { AuthCard } from '../features/auth/auth-card.js';
import { AuthLayout } from '../features/auth/auth-layout.js';
import { useConfirmOutcome } from '../features/auth/use-confirm-outcome.js';

/** What a dead confirmation link says (the BFF sends it to `/auth?confirm=invalid`). */
const INVALID_CONFIRM_LINK = { title: 'Error', description: IDENTITY_MESSAGES.invalidConfirmLink, tone: 'error' } as const;

/** `/auth`: sign in, create an account or ask for a reset link; a signed-in user is sent home. */
export function AuthRoute() {
  const { status } = useSession();
  useConfirmOutcome('invalid', INVALID_CONFIRM_LINK);

  if (status === 'signed-in') return <Navigate to="/" replace />;
  return (
    <>
      <title>Sign In — Jalaj</title>
      <AuthLayout>{status === 'loading' ? <SessionPending /> : <AuthCard />}</AuthLayout>
    </>
  );
}
