import { MESSAGE_CATALOGUE } from '@jalaj/commerce';
import { ERROR_CODES, ERROR_DATA, ERROR_DATA_FIXTURES, NOTICE_DATA, NOTICE_DATA_FIXTURES, appError, type NoticeCode } from '@jalaj/contracts';
import { CATALOGUE_COVERS_CONTRACTS, withNoticeTexts, withTexts } from './error-texts.js';

describe('the catalogue of texts', () => {
  it('is checked by the compiler to cover the contracts', () => {
    expect(CATALOGUE_COVERS_CONTRACTS).toBe(true);
  });

  it.each(ERROR_CODES)('error %s has a fixture its schema accepts and an entry that renders it', (code) => {
    const data = ERROR_DATA[code].parse(ERROR_DATA_FIXTURES[code]);
    expect(Object.hasOwn(MESSAGE_CATALOGUE, code)).toBe(true);
    const { message } = withTexts(appError(code, data as never));
    expect(message.trim()).not.toBe('');
  });

  it.each(Object.keys(NOTICE_DATA) as NoticeCode[])('notice %s has an entry that renders its fixture', (code) => {
    const data = NOTICE_DATA[code].parse(NOTICE_DATA_FIXTURES[code]);
    const filled = withNoticeTexts({ notice: { code, data } });
    expect(filled.message.trim()).not.toBe('');
  });

  it('renders the spec’s words from code and data', () => {
    expect(withTexts(appError('INSUFFICIENT_STOCK', { productId: 'prd_1', available: 3, inCart: 2 }))).toMatchObject({
      title: 'Insufficient Stock',
      message: 'Only 3 items available. You already have 2 in cart.',
    });
    expect(withTexts(appError('INSUFFICIENT_STOCK', { productId: 'prd_1', available: 5, inCart: 0 })).message).toBe('Only 5 items available');
    expect(withTexts(appError('OUT_OF_STOCK', { productId: 'prd_1', productName: 'Monte Carlo' }))).toMatchObject({
      title: 'Out of Stock',
      message: 'Monte Carlo: This item is currently out of stock',
    });
    expect(withTexts(appError('EMAIL_TAKEN')).message).toBe('User already registered');
    expect(withTexts(appError('DEFAULT_ADDRESS_FAILED', { kind: 'billing' })).message).toBe('Failed to set default billing address');
    expect(withNoticeTexts({ notice: { code: 'CART_LINE_INCREASED', data: { quantity: 1 } } })).toMatchObject({ title: 'Updated Cart', message: 'Cart updated with 1 more item' });
  });

  it('leaves a notice whose data does not fit its code without texts, never ‘undefined items’', () => {
    const filled = withNoticeTexts({ notice: { code: 'CART_ITEM_ADDED', data: {} } }) as { title?: string; message?: string };
    expect(filled.title).toBeUndefined();
    expect(filled.message).toBeUndefined();
  });

  it('keeps a message the platform set itself, and reads a plain form failure as its fields’ texts', () => {
    expect(withTexts({ code: 'FORBIDDEN', message: 'A text of its own' }).message).toBe('A text of its own');
    const fieldErrors = [
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ];
    expect(withTexts({ code: 'VALIDATION_FAILED', fieldErrors }).message).toBe('Email is required Password is required');
    expect(withTexts({ code: 'PRODUCT_INVALID', data: { action: 'update' }, fieldErrors }).message).toBe('Failed to update product');
  });

  it('words the BFF’s own refusals (guards, HTTP server, image upload) by their codes', () => {
    expect(withTexts(appError('CROSS_SITE_REQUEST')).message).toBe('Cross-site requests are not allowed.');
    expect(withTexts(appError('UNSUPPORTED_MEDIA_TYPE')).message).toBe('Send the request body as JSON (application/json).');
    expect(withTexts(appError('HEADERS_TOO_LARGE')).message).toBe('The request headers are too large.');
    expect(withTexts(appError('REQUEST_TIMEOUT')).message).toBe('The request took too long.');
    expect(withTexts(appError('UNAUTHENTICATED')).message).toBe('Please sign in to continue.');
    expect(withTexts(appError('UPLOAD_INVALID', { reason: 'not-multipart' })).message).toBe('Send the images as multipart/form-data.');
    expect(withTexts(appError('UPLOAD_INVALID', { reason: 'unreadable' })).message).toBe('The upload could not be read.');
    expect(withTexts(appError('UPLOAD_INVALID', { reason: 'empty' })).message).toBe('Choose at least one image.');
    expect(withTexts(appError('TOO_MANY_IMAGES'))).toMatchObject({ title: 'Too many images', message: 'Maximum 4 images per product.' });
    expect(withTexts(appError('IMAGE_TOO_LARGE'))).toMatchObject({ title: 'File too large', message: 'Each image must be 5 MB or smaller.' });
    expect(withTexts(appError('IMAGE_UPLOAD_FAILED'))).toMatchObject({ title: 'Upload failed', message: 'Failed to upload one or more images' });
    expect(withTexts(appError('IMAGE_LOAD_FAILED')).message).toBe('Failed to load the image');
  });

  it('renders every cart notice in the spec’s words', () => {
    expect(withNoticeTexts({ notice: { code: 'CART_ITEM_ADDED', data: { quantity: 1 } } })).toMatchObject({ title: 'Added to Cart', message: '1 item successfully added to your cart' });
    expect(withNoticeTexts({ notice: { code: 'CART_ITEM_REMOVED' } })).toMatchObject({ title: 'Removed from Cart', message: 'Item removed from your cart' });
  });

  it('falls back to the generic text when received data does not fit its code', () => {
    expect(withTexts({ code: 'PRODUCT_INVALID' }).message).toBe('An unexpected error occurred');
    expect(withTexts({ code: 'INSUFFICIENT_STOCK', data: { available: 'many' } }).message).toBe('An unexpected error occurred');
  });
});
