import fc from 'fast-check';
import {
  ADMIN_ACCESS_REQUIRED_MESSAGE,
  INVOICE_PRINT_DELAY_MS,
  NO_ORDERS_SELECTED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  adminShortId,
  invoiceNumber,
  orderDeletedMessage,
  orderNumber,
  orderPagePath,
  ordersDeletedMessage,
} from './orders.js';

describe('orderNumber and invoiceNumber', () => {
  it.each([
    ['MO1732456789abcdef_xyz', '89abcdef'],
    ['MO1732456789abcdef', '89abcdef'],
    ['MO1732456789abcdef_xyz_more', '89abcdef'],
    ['MO12345678', '12345678'],
    ['MO123_456789012', '123'],
    ['MO_abc', ''],
    ['MO', ''],
    ['T12345678901', 'T1234567'],
    ['T1234567', 'T1234567'],
    ['abc', 'abc'],
    ['mo1732456789abcdef_xyz', 'mo173245'],
    ['XMO1732456789', 'XMO17324'],
    ['pay_1234567890_abc', 'pay_1234'],
    ['', ''],
  ])('transaction %j → order %j', (transactionId, expected) => {
    expect(orderNumber(transactionId)).toBe(expected);
    expect(invoiceNumber(transactionId)).toBe(`INV-${expected}`);
  });

  it('gives INV-89abcdef for the spec example', () => {
    expect(invoiceNumber('MO1732456789abcdef_xyz')).toBe('INV-89abcdef');
  });

  it('is never longer than 8 characters', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(orderNumber(id).length).toBeLessThanOrEqual(8);
        expect(orderNumber(`MO${id}`).length).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe('adminShortId', () => {
  it.each([
    ['MO1732456789abcdef_xyz', 'cdef_xyz'],
    ['T12345678901', '45678901'],
    ['12345678', '12345678'],
    ['abc', 'abc'],
    ['', ''],
  ])('%j → %j', (transactionId, expected) => {
    expect(adminShortId(transactionId)).toBe(expected);
  });
});

describe('order messages', () => {
  it('copies the spec texts', () => {
    expect(ADMIN_ACCESS_REQUIRED_MESSAGE).toBe('Unauthorized: Admin access required');
    expect(ORDER_NOT_FOUND_MESSAGE).toBe('No orders found with this transaction ID');
    expect(NO_ORDERS_SELECTED_MESSAGE).toBe('No orders selected for deletion');
    expect(INVOICE_PRINT_DELAY_MS).toBe(500);
  });

  it.each([
    [3, 'T12345678901', 'Successfully deleted 3 order item(s) with transaction ID: 45678901'],
    [1, 'MO1732456789abcdef_xyz', 'Successfully deleted 1 order item(s) with transaction ID: cdef_xyz'],
  ])('single delete of %d lines of %s', (count, id, text) => {
    expect(orderDeletedMessage(count, id)).toBe(text);
  });

  it('bulk delete', () => {
    expect(ordersDeletedMessage(2)).toBe('Successfully deleted 2 order(s)');
  });
});

describe('orderPagePath', () => {
  it('opens one order under My Orders, its id encoded', () => {
    expect(orderPagePath('ord_01JD0000000000000000000000')).toBe('/orders?order=ord_01JD0000000000000000000000');
    expect(new URLSearchParams(orderPagePath('a&b=c').split('?')[1]).get('order')).toBe('a&b=c');
  });
});
