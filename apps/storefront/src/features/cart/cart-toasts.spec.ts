import { apiErrorFromResponse } from '@jalaj/web-kit';
import { noticeToast, refusalToast } from './cart-toasts.js';

describe('cart toasts', () => {
  it('show the title and text the BFF rendered for the change', () => {
    expect(noticeToast({ title: 'Added to Cart', message: '2 items successfully added to your cart' })).toEqual({ title: 'Added to Cart', description: '2 items successfully added to your cart' });
  });

  it('read as a plain update when the reply carries no text (its notice’s data did not fit its code)', () => {
    expect(noticeToast({})).toEqual({ title: 'Updated Cart', description: '' });
  });

  it('show a refusal with the problem’s title and text', () => {
    const refusal = apiErrorFromResponse(409, { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_1', available: 3, inCart: 2 }, title: 'Insufficient Stock', message: 'Only 3 items available. You already have 2 in cart.' });
    expect(refusalToast(refusal)).toEqual({ title: 'Insufficient Stock', description: 'Only 3 items available. You already have 2 in cart.' });
  });

  it('read a refusal without a title as an error with the server’s text', () => {
    expect(refusalToast(apiErrorFromResponse(409, { code: 'SOMETHING_NEW', message: 'A newer refusal' }))).toEqual({ title: 'Error', description: 'A newer refusal' });
  });
});
