import { useApiClient } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** The account routes of the BFF that do not hand out a session (those live in web-kit's session). */
export const AUTH_PATHS = Object.freeze({
  signUp: '/api/auth/sign-up',
  passwordReset: '/api/auth/password-reset',
  passwordUpdate: '/api/auth/password-update',
});

/** What the sign-up form sends. */
export interface SignUpRequest {
  readonly email: string;
  readonly password: string;
  readonly fullName: string;
}

/** The plain `{ message }` reply of the account routes. */
export interface MessageReply {
  readonly message: string;
}

/** Account calls made from the auth and reset-password screens. */
export interface AuthApi {
  /** `POST /api/auth/sign-up`: creates the account and mails the confirmation link. */
  signUp(request: SignUpRequest): Promise<MessageReply>;
  /** `POST /api/auth/password-reset`: mails a reset link (same reply whether or not the e-mail exists). */
  requestPasswordReset(email: string): Promise<MessageReply>;
  /** `POST /api/auth/password-update`: sets the new password with the mailed token; every session of the user ends. */
  updatePassword(token: string, password: string): Promise<MessageReply>;
}

/** The account calls, bound to the app's API client. */
export function useAuthApi(): AuthApi {
  const client = useApiClient();
  return useMemo<AuthApi>(
    () => ({
      signUp: (request) => client.post(AUTH_PATHS.signUp, request),
      requestPasswordReset: (email) => client.post(AUTH_PATHS.passwordReset, { email }),
      updatePassword: (token, password) => client.post(AUTH_PATHS.passwordUpdate, { token, password }),
    }),
    [client],
  );
}
