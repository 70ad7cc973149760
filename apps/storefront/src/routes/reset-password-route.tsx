import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../features/auth/auth-layout.js';
import { ResetPasswordCard } from '../features/auth/reset-password-card.js';

/** `/reset-password?token=…`: the target of the password-reset e-mail. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <title>Set New Password — Jalaj</title>
      <AuthLayout>
        <ResetPasswordCard token={token} />
      </AuthLayout>
    </>
  );
}
