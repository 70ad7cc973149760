import { apiErrorFromResponse, networkError } from '@jalaj/web-kit';
import { apiErrorMessage, productChangeFailure, roleChangeErrorMessage, uploadFailure } from './error-messages.js';

describe('admin error texts', () => {
  it('reads an expected failure by its code and data from the catalogue, not from the server’s message', () => {
    const lastAdmin = apiErrorFromResponse(409, { status: 409, code: 'LAST_ADMIN', message: 'whatever the server said' });
    expect(roleChangeErrorMessage('remove', lastAdmin)).toBe('Cannot remove the last admin. Make another user an admin first.');
    expect(roleChangeErrorMessage('add', apiErrorFromResponse(404, { code: 'USER_NOT_FOUND' }))).toBe('User not found with that email address');
    expect(roleChangeErrorMessage('add', apiErrorFromResponse(409, { code: 'ALREADY_ADMIN' }))).toBe('User is already an admin');
    expect(roleChangeErrorMessage('remove', apiErrorFromResponse(409, { code: 'NOT_ADMIN' }))).toBe('User is not an admin');
  });

  it('shows the screen’s fallback when the server failed or could not be reached', () => {
    expect(roleChangeErrorMessage('add', apiErrorFromResponse(503, { code: 'UNAVAILABLE' }))).toBe('Failed to add admin');
    expect(apiErrorMessage(networkError(new Error('offline')), 'Failed to list admin users')).toBe('Failed to list admin users');
    expect(roleChangeErrorMessage('remove', new Error('boom'))).toBe('An unexpected error occurred');
  });

  it('words a product change failure with the catalogue', () => {
    expect(productChangeFailure('delete', apiErrorFromResponse(404, { code: 'PRODUCT_NOT_FOUND' }))).toEqual({ title: 'Failed to delete product', description: 'Product not found' });
    expect(productChangeFailure('create', apiErrorFromResponse(400, { code: 'PRODUCT_INVALID', data: { action: 'create' } }))).toEqual({ title: 'Failed to create product' });
  });

  it('titles a refused upload by its code', () => {
    expect(uploadFailure(apiErrorFromResponse(400, { code: 'IMAGE_TOO_LARGE' }))).toEqual({ title: 'File too large', description: 'Each image must be 5 MB or smaller.' });
    expect(uploadFailure(apiErrorFromResponse(502, {}))).toEqual({ title: 'Upload failed', description: 'Failed to upload one or more images' });
    expect(uploadFailure(apiErrorFromResponse(503, { code: 'IMAGE_UPLOAD_FAILED' }))).toEqual({ title: 'Upload failed', description: 'Failed to upload one or more images' });
    expect(uploadFailure(apiErrorFromResponse(400, { code: 'UPLOAD_INVALID', data: { reason: 'empty' } }))).toEqual({ title: 'Upload failed', description: 'Choose at least one image.' });
  });
});
