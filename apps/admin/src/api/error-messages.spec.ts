import { apiErrorFromResponse, networkError } from '@jalaj/web-kit';
import { apiErrorMessage, LIST_USERS_FALLBACK, orderChangeFailure, orderChangeSuccess, orderListErrorText, productChangeFailure, readErrorText, roleChangeErrorMessage, uploadFailure } from './error-messages.js';

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

  it('words a failed read: the shop unavailable in its own words, an expected failure from the catalogue, the rest as the screen’s fallback', () => {
    expect(readErrorText(apiErrorFromResponse(503, { code: 'UNAVAILABLE', message: 'x' }), LIST_USERS_FALLBACK)).toBe('The shop is unavailable right now. Please try again shortly.');
    expect(readErrorText(apiErrorFromResponse(503, undefined), LIST_USERS_FALLBACK)).toBe('The shop is unavailable right now. Please try again shortly.');
    expect(readErrorText(apiErrorFromResponse(404, { code: 'ACCOUNT_NOT_FOUND' }), LIST_USERS_FALLBACK)).toBe('User not found');
    expect(readErrorText(apiErrorFromResponse(500, { code: 'INTERNAL' }), LIST_USERS_FALLBACK)).toBe('Failed to load users');
    expect(readErrorText(networkError(new Error('offline')), LIST_USERS_FALLBACK)).toBe('Failed to load users');
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

  it('words the Orders tab’s failures as spec §8 does, titled Error', () => {
    expect(orderChangeFailure('delete', apiErrorFromResponse(404, { code: 'ORDER_NOT_FOUND' }))).toEqual({ title: 'Error', description: 'No orders found with this transaction ID' });
    expect(orderChangeFailure('bulkDelete', apiErrorFromResponse(400, { code: 'NO_ORDERS_SELECTED' }))).toEqual({ title: 'Error', description: 'No orders selected for deletion' });
    expect(orderChangeFailure('delete', apiErrorFromResponse(403, { code: 'FORBIDDEN' }))).toEqual({ title: 'Error', description: 'Unauthorized: Admin access required' });
    expect(orderChangeFailure('bulkDelete', apiErrorFromResponse(403, { code: 'ADMIN_REQUIRED' })).description).toBe('Unauthorized: Admin access required');
    expect(orderChangeFailure('delete', apiErrorFromResponse(503, {}))).toEqual({ title: 'Error', description: 'Failed to delete order' });
    expect(orderChangeFailure('bulkDelete', networkError(new Error('offline'))).description).toBe('Failed to delete orders');
    expect(orderChangeFailure('fulfil', apiErrorFromResponse(400, { code: 'TRACKING_REQUIRED' })).description).toBe('Enter the courier and the tracking number to mark the order shipped.');
  });

  it('reads a done order change from its notice', () => {
    const single = { notice: { code: 'ORDER_ARCHIVED', data: { lineCount: 2, merchantOrderId: 'MO1763800000000a1b2c3_7f3k' } }, message: 'server words' };
    expect(orderChangeSuccess(single)).toEqual({ title: 'Order deleted', description: 'Successfully deleted 2 order item(s) with transaction ID: 2c3_7f3k' });
    expect(orderChangeSuccess({ notice: { code: 'ORDERS_ARCHIVED', data: { count: 3 } }, message: '' })).toEqual({ title: 'Orders deleted', description: 'Successfully deleted 3 order(s)' });
    expect(orderChangeSuccess({ notice: { code: 'SOMETHING_NEW' }, title: 'Done', message: 'It worked' })).toEqual({ title: 'Done', description: 'It worked' });
  });

  it("shows a failed order list inline as 'Error loading orders: {message}'", () => {
    expect(orderListErrorText(apiErrorFromResponse(503, { code: 'UNAVAILABLE', message: 'The shop is unavailable right now. Please try again shortly.' }))).toBe(
      'Error loading orders: The shop is unavailable right now. Please try again shortly.',
    );
    expect(orderListErrorText(apiErrorFromResponse(500, { code: 'INTERNAL', message: 'stack trace' }))).toBe('Error loading orders: An unexpected error occurred');
    expect(orderListErrorText(apiErrorFromResponse(400, { code: 'VALIDATION_FAILED', message: 'Use a date like 2026-11-22' }))).toBe('Error loading orders: Use a date like 2026-11-22');
  });
});
