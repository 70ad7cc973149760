import { apiPath, type HttpBody, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** The account routes of the BFF that do not hand out a session (those live in web-kit's session). */
export const AUTH_PATHS = Object.freeze({
  signUp: apiPath('auth.signUp'),
  passwordReset: apiPath('auth.passwordReset'),
  passwordResetCheck: apiPath('auth.passwordResetCheck'),
  passwordUpdate: apiPath('auth.passwordUpdate'),
});

/** What the sign-up form sends. */
export type SignUpRequest = HttpBody<'auth.signUp'>;

/** The plain `{ message }` reply of the account routes. */
export type MessageReply = HttpResponse<'auth.signUp'>;

/** Account calls made from the auth and reset-password screens. */
export interface AuthApi {
  /** `POST /api/auth/sign-up`: creates the account and mails the confirmation link. */
  signUp(request: SignUpRequest): Promise<MessageReply>;
  /** `POST /api/auth/password-reset`: mails a reset link (same reply whether or not the e-mail exists). */
  requestPasswordReset(email: string): Promise<MessageReply>;
  /** `POST /api/auth/password-reset/check`: whether the mailed token can still set a password (it stays unused). */
  checkResetToken(token: string): Promise<HttpResponse<'auth.passwordResetCheck'>>;
  /** `POST /api/auth/password-update`: sets the new password with the mailed token; every session of the user ends. */
  updatePassword(token: string, password: string): Promise<MessageReply>;
}

/** The account calls, bound to the app's API client. */
export function useAuthApi(): AuthApi {
  const client = useApiClient();
  return useMemo<AuthApi>(
    () => ({
      signUp: (request) => callRoute(client, 'auth.signUp', { body: request }),
      requestPasswordReset: (email) => callRoute(client, 'auth.passwordReset', { body: { email } }),
      checkResetToken: (token) => callRoute(client, 'auth.passwordResetCheck', { body: { token } }),
      updatePassword: (token, password) => callRoute(client, 'auth.passwordUpdate', { body: { token, password } }),
    }),
    [client],
  );
}
