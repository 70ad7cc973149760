import { type FieldError, trimmedText } from './validation.js';

/** The shortest password accepted when setting a new one. */
export const MIN_PASSWORD_LENGTH = 6;

/** Messages of the sign-in, sign-up, reset and admin forms. */
export const AUTH_MESSAGES = Object.freeze({
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  fullNameRequired: 'Full name is required',
  /** Spec §5, word for word; toast title {@link AUTH_MESSAGES.passwordMismatchTitle}. */
  passwordMismatch: 'Passwords do not match. Please try again.',
  passwordMismatchTitle: 'Password Mismatch',
  /** Spec §5, word for word; toast title {@link AUTH_MESSAGES.passwordTooShortTitle}. */
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooShortTitle: 'Password Too Short',
});

// The WHATWG definition of a valid e-mail address, i.e. what
// <input type="email"> accepts, so that server and browser agree.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Whether a text is an e-mail address as `<input type="email">` understands it
 * (surrounding whitespace ignored, as the browser strips it too).
 *
 * @param value - The text to check.
 * @returns `true` for a valid address.
 */
export function isEmail(value: unknown): boolean {
  return EMAIL_PATTERN.test(trimmedText(value));
}

/** The field names of the auth forms. */
export type AuthField = 'email' | 'password' | 'confirmPassword' | 'fullName';

function checkEmail(email: unknown, errors: FieldError<AuthField>[]): void {
  if (trimmedText(email) === '') errors.push({ field: 'email', message: AUTH_MESSAGES.emailRequired });
  else if (!isEmail(email)) errors.push({ field: 'email', message: AUTH_MESSAGES.emailInvalid });
}

// Passwords are never trimmed: spaces may be part of them.
function checkPasswordPresent(password: unknown, errors: FieldError<AuthField>[]): void {
  if (typeof password !== 'string' || password === '') {
    errors.push({ field: 'password', message: AUTH_MESSAGES.passwordRequired });
  }
}

/** The sign-in form. */
export interface SignInInput {
  /** The e-mail address. */
  readonly email?: string | null;
  /** The password, as typed. */
  readonly password?: string | null;
}

/**
 * Checks the sign-in form: e-mail required and valid, password required.
 *
 * @param input - The form values.
 * @returns The errors, empty when the form can be submitted.
 */
export function validateSignIn(input: SignInInput): FieldError<AuthField>[] {
  const errors: FieldError<AuthField>[] = [];
  checkEmail(input.email, errors);
  checkPasswordPresent(input.password, errors);
  return errors;
}

/** The sign-up form. */
export interface SignUpInput extends SignInInput {
  /** The full name, stored as user metadata. */
  readonly fullName?: string | null;
}

/**
 * Checks the sign-up form: the sign-in rules plus a required full name.
 *
 * @param input - The form values.
 * @returns The errors, empty when the form can be submitted.
 */
export function validateSignUp(input: SignUpInput): FieldError<AuthField>[] {
  const errors: FieldError<AuthField>[] = [];
  if (trimmedText(input.fullName) === '') {
    errors.push({ field: 'fullName', message: AUTH_MESSAGES.fullNameRequired });
  }
  return [...errors, ...validateSignIn(input)];
}

/**
 * Checks the reset-password request form: the e-mail is required and valid.
 *
 * @param input - The form values.
 * @returns The errors, empty when the form can be submitted.
 */
export function validatePasswordResetRequest(input: { readonly email?: string | null }): FieldError<AuthField>[] {
  const errors: FieldError<AuthField>[] = [];
  checkEmail(input.email, errors);
  return errors;
}

/** The Set New Password form. */
export interface NewPasswordInput {
  /** The new password. */
  readonly password?: string | null;
  /** The confirmation, which must equal the new password. */
  readonly confirmPassword?: string | null;
}

/**
 * Checks the Set New Password form: both entries must match, then the
 * password must be at least {@link MIN_PASSWORD_LENGTH} characters. The
 * mismatch comes first because the page shows one toast at a time.
 *
 * @param input - The form values.
 * @returns The errors, empty when the password can be updated.
 */
export function validateNewPassword(input: NewPasswordInput): FieldError<AuthField>[] {
  const password = input.password ?? '';
  const confirm = input.confirmPassword ?? '';
  const errors: FieldError<AuthField>[] = [];
  if (password !== confirm) {
    errors.push({ field: 'confirmPassword', message: AUTH_MESSAGES.passwordMismatch });
  }
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) {
    errors.push({ field: 'password', message: AUTH_MESSAGES.passwordTooShort });
  }
  return errors;
}

/**
 * Checks the admin login form: e-mail and password required, e-mail valid.
 *
 * @param input - The form values.
 * @returns The errors, empty when the form can be submitted.
 */
export function validateAdminLogin(input: SignInInput): FieldError<AuthField>[] {
  return validateSignIn(input);
}

/**
 * Whether 'Sign In as Admin' is enabled: not while submitting and not while
 * either field is empty.
 *
 * @param state - The form values and whether a submission is pending.
 * @returns `true` when the button can be pressed.
 */
export function canSubmitAdminLogin(state: SignInInput & { readonly submitting: boolean }): boolean {
  return !state.submitting && trimmedText(state.email) !== '' && (state.password ?? '') !== '';
}

/** The outcome of {@link parseAddAdminEmail}. */
export type AddAdminEmailResult =
  | { readonly status: 'empty' }
  | { readonly status: 'invalid'; readonly error: FieldError<'email'> }
  | { readonly status: 'valid'; readonly email: string };

/**
 * Prepares the e-mail typed in the Add New Admin form: trimmed, ignored when
 * empty (nothing is sent), otherwise it must be a valid e-mail address.
 *
 * @param raw - The text typed in the User Email field.
 * @returns `empty` (do nothing), `invalid` with the error, or `valid` with the trimmed e-mail.
 */
export function parseAddAdminEmail(raw: string | null | undefined): AddAdminEmailResult {
  const email = trimmedText(raw);
  if (email === '') return { status: 'empty' };
  if (!isEmail(email)) return { status: 'invalid', error: { field: 'email', message: AUTH_MESSAGES.emailInvalid } };
  return { status: 'valid', email };
}
