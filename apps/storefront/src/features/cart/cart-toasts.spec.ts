import { apiErrorFromResponse } from '@jalaj/web-kit';
import { noticeToast, refusalToast } from './cart-toasts.js';

describe('cart toasts', () => {
  it('render a notice from its code and data, not from texts on the wire', () => {
    expect(noticeToast({ code: 'CART_ITEM_ADDED', data: { quantity: 2 } })).toEqual({ title: 'Added to Cart', description: '2 items successfully added to your cart' });
    expect(noticeToast({ code: 'CART_LINE_INCREASED', data: { quantity: 1 } })).toEqual({ title: 'Updated Cart', description: 'Cart updated with 1 more item' });
    expect(noticeToast({ code: 'CART_ITEM_REMOVED' })).toEqual({ title: 'Removed from Cart', description: 'Item removed from your cart' });
    expect(noticeToast({ code: 'CART_CLEARED' })).toEqual({ title: 'Cart Cleared', description: 'All items removed from your cart' });
  });

  it('never show a notice whose data does not fit its code', () => {
    expect(noticeToast({ code: 'CART_ITEM_ADDED', data: {} })).toEqual({ title: 'Updated Cart', description: '' });
  });

  it('render a refusal from its code and data, whatever text the server sent', () => {
    const refusal = apiErrorFromResponse(409, { code: 'INSUFFICIENT_STOCK', data: { productId: 'prd_1', available: 3, inCart: 2 }, title: 'Other', message: 'Other text' });
    expect(refusalToast(refusal)).toEqual({ title: 'Insufficient Stock', description: 'Only 3 items available. You already have 2 in cart.' });
    expect(refusalToast(apiErrorFromResponse(409, { code: 'OUT_OF_STOCK', data: { productId: 'prd_1' } }))).toEqual({ title: 'Out of Stock', description: 'This item is currently out of stock' });
  });

  it('fall back to the server’s text for a code this build does not know', () => {
    expect(refusalToast(apiErrorFromResponse(409, { code: 'SOMETHING_NEW', message: 'A newer refusal' }))).toEqual({ title: 'Error', description: 'A newer refusal' });
  });
});
