import {
  AUTH_MESSAGES,
  MIN_PASSWORD_LENGTH,
  canSubmitAdminLogin,
  isEmail,
  parseAddAdminEmail,
  validateAdminLogin,
  validateNewPassword,
  validatePasswordResetRequest,
  validateSignIn,
  validateSignUp,
} from './auth-rules.js';

describe('messages', () => {
  it('copies the spec texts word for word', () => {
    expect(AUTH_MESSAGES.passwordMismatch).toBe('Passwords do not match. Please try again.');
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters long.');
    expect(AUTH_MESSAGES.passwordMismatchTitle).toBe('Password Mismatch');
    expect(AUTH_MESSAGES.passwordTooShortTitle).toBe('Password Too Short');
    expect(MIN_PASSWORD_LENGTH).toBe(6);
  });

  it('has clear texts where the spec has none', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      fullNameRequired: 'Full name is required',
    });
  });
});

describe('isEmail', () => {
  it.each(['a@b.co', 'asha.roy+plants@example.in', ' asha@example.com ', 'a@localhost', "o'neil@x.org"])(
    'accepts %j',
    (email) => {
      expect(isEmail(email)).toBe(true);
    },
  );

  it.each(['', 'asha', 'asha@', '@example.com', 'a b@example.com', 'a@-example.com', 'a@example..com', 'a@@b.com', null, 42])(
    'refuses %p',
    (email) => {
      expect(isEmail(email)).toBe(false);
    },
  );
});

describe.each([
  ['validateSignIn', validateSignIn],
  ['validateAdminLogin', validateAdminLogin],
])('%s', (_name, validate) => {
  it.each([
    [{ email: 'asha@example.com', password: 'secret' }, []],
    [{ email: 'asha@example.com', password: ' ' }, []],
    [{ email: '', password: 'secret' }, [{ field: 'email', message: 'Email is required' }]],
    [{ email: '   ', password: 'secret' }, [{ field: 'email', message: 'Email is required' }]],
    [{ email: 'asha', password: 'secret' }, [{ field: 'email', message: 'Please enter a valid email address' }]],
    [{ email: 'asha@example.com', password: '' }, [{ field: 'password', message: 'Password is required' }]],
    [
      {},
      [
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ],
    ],
  ])('%j → %j', (input, errors) => {
    expect(validate(input)).toEqual(errors);
  });
});

describe('validateSignUp', () => {
  it.each([
    [{ fullName: 'Asha Roy', email: 'asha@example.com', password: 'secret' }, []],
    [
      { fullName: '  ', email: 'asha@example.com', password: 'secret' },
      [{ field: 'fullName', message: 'Full name is required' }],
    ],
    [
      { email: 'nope', password: '' },
      [
        { field: 'fullName', message: 'Full name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password is required' },
      ],
    ],
  ])('%j → %j', (input, errors) => {
    expect(validateSignUp(input)).toEqual(errors);
  });
});

describe('validatePasswordResetRequest', () => {
  it.each([
    [{ email: 'asha@example.com' }, []],
    [{ email: '' }, [{ field: 'email', message: 'Email is required' }]],
    [{}, [{ field: 'email', message: 'Email is required' }]],
    [{ email: 'asha@' }, [{ field: 'email', message: 'Please enter a valid email address' }]],
  ])('%j → %j', (input, errors) => {
    expect(validatePasswordResetRequest(input)).toEqual(errors);
  });
});

describe('validateNewPassword', () => {
  const mismatch = { field: 'confirmPassword', message: 'Passwords do not match. Please try again.' };
  const short = { field: 'password', message: 'Password must be at least 6 characters long.' };
  it.each([
    ['secret', 'secret', []],
    ['123456', '123456', []],
    ['12345', '12345', [short]],
    ['', '', [short]],
    ['secret', 'secreT', [mismatch]],
    ['secret', '', [mismatch]],
    ['12345', '1234', [mismatch, short]],
    [' secret', 'secret', [mismatch]],
  ])('%j / %j → %j', (password, confirmPassword, errors) => {
    expect(validateNewPassword({ password, confirmPassword })).toEqual(errors);
  });

  it('treats missing values as empty', () => {
    expect(validateNewPassword({})).toEqual([short]);
  });
});

describe('canSubmitAdminLogin', () => {
  it.each([
    [{ email: 'a@b.co', password: 'x', submitting: false }, true],
    [{ email: 'a@b.co', password: 'x', submitting: true }, false],
    [{ email: '', password: 'x', submitting: false }, false],
    [{ email: 'a@b.co', password: '', submitting: false }, false],
    [{ submitting: false }, false],
  ])('%j → %s', (state, enabled) => {
    expect(canSubmitAdminLogin(state)).toBe(enabled);
  });
});

describe('parseAddAdminEmail', () => {
  it.each([
    ['  asha@example.com  ', { status: 'valid', email: 'asha@example.com' }],
    ['', { status: 'empty' }],
    ['   ', { status: 'empty' }],
    [null, { status: 'empty' }],
    [undefined, { status: 'empty' }],
    ['asha', { status: 'invalid', error: { field: 'email', message: 'Please enter a valid email address' } }],
  ])('%p → %j', (raw, result) => {
    expect(parseAddAdminEmail(raw)).toEqual(result);
  });
});
