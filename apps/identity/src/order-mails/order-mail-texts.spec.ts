import { eventSubjects } from '@jalaj/contracts';
import { orderConfirmationMail, refundStartedMail, type OrderPaid } from './order-mail-texts.js';

const paid = eventSubjects['evt.order.order.paid.v1'].fixture;
const refund = eventSubjects['evt.order.order.refund-started.v1'].fixture;
const ORDERS = 'https://jalaj.shop/orders';

const order: OrderPaid = {
  ...paid,
  merchantOrderId: 'MO1763800000000a1b2c3_7f3k',
  lines: [
    { ...paid.lines[0]!, productName: 'Anubias nana', quantity: 3, unitPricePaise: 24900, discountPercent: 5, discountedUnitPricePaise: 23655, lineTotalPaise: 70965 },
    { ...paid.lines[0]!, productId: 'prd_2', productName: 'Java moss', quantity: 1, unitPricePaise: 14900, discountPercent: 0, discountedUnitPricePaise: 14900, lineTotalPaise: 14900 },
  ],
  subtotalPaise: 85865,
  shippingPaise: 7500,
  totalPaise: 93400,
  shippingAddress: { ...paid.shippingAddress, fullName: 'Ananya Sen', addressLine1: '12 Park Street', addressLine2: 'Flat 3B', city: 'Kolkata', state: 'West Bengal', postalCode: '700016' },
  paidAt: '2026-11-22T10:15:00.000Z',
  transactionId: 'OM2511221015000012345',
};

describe('order confirmation mail', () => {
  const mail = orderConfirmationMail('Ananya Sen', order, ORDERS);

  it('names the order by its order number (spec §9) in the subject and the text', () => {
    expect(mail.subject).toBe('Order confirmed: your Jalaj order #00a1b2c3');
    expect(mail.text).toContain('Order number: #00a1b2c3');
  });

  it('lists every line with its quantity, unit price as paid and line total in rupees with 2 decimals', () => {
    expect(mail.text).toContain('Anubias nana × 3 (₹236.55 each, 5% off): ₹709.65');
    expect(mail.text).toContain('Java moss × 1 (₹149.00 each): ₹149.00');
  });

  it('shows subtotal, shipping, the rounding to a whole rupee and the total paid', () => {
    expect(mail.text).toContain('Subtotal: ₹858.65\nShipping: ₹75.00\nRounded to the rupee: +₹0.35\nTotal paid: ₹934.00');
  });

  it('leaves out the rounding line when the total needed none, and shows a rounding down with its sign', () => {
    expect(orderConfirmationMail('A', { ...order, subtotalPaise: 85900, totalPaise: 93400 }, ORDERS).text).not.toContain('Rounded');
    expect(orderConfirmationMail('A', { ...order, subtotalPaise: 85930, totalPaise: 93400 }, ORDERS).text).toContain('Rounded to the rupee: -₹0.30');
  });

  it('gives the shipping address, the payment and the expected delivery of 3-5 business days', () => {
    expect(mail.text).toContain('Shipping to\nAnanya Sen\n12 Park Street\nFlat 3B\nKolkata, West Bengal 700016\nIndia\nPhone: 9830012345');
    expect(mail.text).toContain('Paid on: November 22, 2026 at 3:45 PM');
    expect(mail.text).toContain('PhonePe transaction id: OM2511221015000012345');
    expect(mail.text).toContain('Expected delivery: 3-5 business days.');
    expect(mail.text.startsWith('Namaste Ananya Sen,\n\n')).toBe(true);
  });

  it('links the order history, in the text, the HTML and the links the mailbox lists', () => {
    expect(mail.text).toContain(`Your orders and invoices: ${ORDERS}`);
    expect(mail.html).toContain(`<a href="${ORDERS}"`);
    expect(mail.links).toEqual([ORDERS]);
  });

  it('skips an empty second address line and a missing transaction id, and greets a shopper without a name', () => {
    const plain = orderConfirmationMail('  ', { ...order, transactionId: null, shippingAddress: { ...order.shippingAddress, addressLine2: null } }, ORDERS);
    expect(plain.text.startsWith('Namaste,\n\n')).toBe(true);
    expect(plain.text).toContain('12 Park Street\nKolkata, West Bengal 700016');
    expect(plain.text).not.toContain('PhonePe transaction id');
  });

  it('says the same in HTML, with what shoppers and admins typed escaped', () => {
    expect(mail.html).toMatch(/^<!doctype html>/);
    for (const part of ['#00a1b2c3', 'Anubias nana × 3 (₹236.55 each, 5% off)', '₹709.65', 'Total paid', '₹934.00', 'Kolkata, West Bengal 700016', '3-5 business days']) expect(mail.html).toContain(part);
    const hostile = orderConfirmationMail('<b>Eve</b>', { ...order, lines: [{ ...order.lines[0]!, productName: 'Moss <script>alert(1)</script>' }] }, ORDERS);
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('Moss &#60;script&#62;');
    expect(hostile.html).toContain('Namaste &#60;b&#62;Eve&#60;/b&#62;,');
  });
});

describe('refund-started mail', () => {
  const mail = refundStartedMail('Ananya Sen', { ...refund, merchantOrderId: 'MO1763800000000a1b2c3_7f3k', refundPaise: 78500 });

  it('says the plants sold out before the payment arrived and the full amount goes back to the original payment method', () => {
    expect(mail.subject).toBe('Refund for your Jalaj order #00a1b2c3');
    expect(mail.text).toContain('the plants in your order #00a1b2c3 sold out before your payment reached us');
    expect(mail.text).toContain('We are refunding the full amount of ₹785.00 to your original payment method.');
  });

  it('lists what was ordered and the refund reference, in text and HTML', () => {
    expect(mail.text).toContain('Anubias nana × 3 (₹236.55 each, 5% off): ₹709.65');
    expect(mail.text).toContain(`Refund reference: ${refund.merchantRefundId}`);
    expect(mail.html).toContain('₹785.00');
    expect(mail.html).toContain(refund.merchantRefundId);
  });
});
