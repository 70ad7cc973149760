import { ApiError, apiErrorFromResponse, isApiError, networkError, UNEXPECTED_ERROR_MESSAGE } from './api-error.js';

describe('apiErrorFromResponse', () => {
  it('copies every field of a problem body', () => {
    const error = apiErrorFromResponse(400, {
      status: 400,
      code: 'VALIDATION_FAILED',
      title: 'Invalid address',
      message: 'Please correct the highlighted fields',
      fieldErrors: [{ field: 'postalCode', message: 'Postal code must be exactly 6 digits' }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.title).toBe('Invalid address');
    expect(error.message).toBe('Please correct the highlighted fields');
    expect(error.fieldErrors).toEqual([{ field: 'postalCode', message: 'Postal code must be exactly 6 digits' }]);
  });

  it('keeps the HTTP status even when the body says otherwise', () => {
    expect(apiErrorFromResponse(404, { status: 200, code: 'NOT_FOUND', message: 'Product not found' }).status).toBe(404);
  });

  it.each([
    [400, 'VALIDATION_FAILED'],
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [429, 'RATE_LIMITED'],
    [502, 'UNAVAILABLE'],
    [503, 'UNAVAILABLE'],
    [504, 'UNAVAILABLE'],
    [500, 'INTERNAL'],
    [418, 'INTERNAL'],
  ])('derives the code of a bodiless %i as %s', (status, code) => {
    const error = apiErrorFromResponse(status, undefined);
    expect(error.code).toBe(code);
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.title).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
  });

  it('falls back field by field on a partial body', () => {
    const error = apiErrorFromResponse(401, { code: '', message: '   ', title: 42 });
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: UNEXPECTED_ERROR_MESSAGE, title: undefined });
  });

  it('drops malformed field errors', () => {
    const error = apiErrorFromResponse(400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      fieldErrors: [{ field: 'phone' }, 'oops', { field: 'city', message: 'City is required', extra: true }],
    });
    expect(error.fieldErrors).toEqual([{ field: 'city', message: 'City is required' }]);
  });
});

describe('networkError', () => {
  it('has status 0, code NETWORK_ERROR and keeps the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = networkError(cause);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: UNEXPECTED_ERROR_MESSAGE });
    expect(error.cause).toBe(cause);
  });
});

describe('isApiError', () => {
  it('tells ApiErrors from other errors', () => {
    expect(isApiError(networkError(null))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 400, code: 'VALIDATION_FAILED' })).toBe(false);
  });
});
