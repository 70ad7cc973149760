import { eventSubjects } from '@jalaj/contracts';
import { attentionDigestMail, backInStockMail, fulfilmentMail, orderConfirmationMail, refundStartedMail, type OrderPaid } from './order-mail-texts.js';

const paid = eventSubjects['evt.order.order.paid.v1'].fixture;
const refund = eventSubjects['evt.order.order.refund-started.v1'].fixture;
const SHOP = 'https://jalaj.shop';

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
  const mail = orderConfirmationMail('Ananya Sen', order, SHOP);

  it('names the order by its order number (spec §9) in the subject and the text', () => {
    expect(mail.subject).toBe('Order confirmed: your Jalaj order #00a1b2c3');
    expect(mail.text).toContain('Order number: #00a1b2c3');
  });

  it('lists every line with its quantity, unit price as paid and line total in rupees with 2 decimals', () => {
    expect(mail.text).toContain('Anubias nana × 3 (₹236.55 each, 5% off): ₹709.65');
    expect(mail.text).toContain('Java moss × 1 (₹149.00 each): ₹149.00');
  });

  it('shows the money lines every screen shows: subtotal, savings, shipping, the rounding to a whole rupee and the total', () => {
    expect(mail.text).toContain('Subtotal: ₹896.00\nVolume discount savings: -₹37.35\nShipping: ₹75.00\nRounded to the rupee: +₹0.35\nTotal: ₹934.00');
  });

  it('leaves out the rounding line when the total needed none, and shows a rounding down with its sign', () => {
    expect(orderConfirmationMail('A', { ...order, subtotalPaise: 85900, totalPaise: 93400 }, SHOP).text).not.toContain('Rounded');
    expect(orderConfirmationMail('A', { ...order, subtotalPaise: 85930, totalPaise: 93400 }, SHOP).text).toContain('Rounded to the rupee: -₹0.30');
  });

  it('gives the shipping address, the payment and the expected delivery of 3-5 business days', () => {
    expect(mail.text).toContain('Shipping to\nAnanya Sen\n12 Park Street\nFlat 3B\nKolkata, West Bengal 700016\nIndia\nPhone: 9830012345');
    expect(mail.text).toContain('Paid on: November 22, 2026 at 3:45 PM');
    expect(mail.text).toContain('PhonePe transaction id: OM2511221015000012345');
    expect(mail.text).toContain('Expected delivery: 3-5 business days.');
    expect(mail.text.startsWith('Namaste Ananya Sen,\n\n')).toBe(true);
  });

  it('links the order by its number, in the text, the HTML and the links the mailbox lists', () => {
    const link = `${SHOP}/orders?order=${order.orderId}`;
    expect(mail.text).toContain(`View order #00a1b2c3 and its invoice: ${link}`);
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.links).toEqual([link]);
  });

  it('skips an empty second address line and a missing transaction id, and greets a shopper without a name', () => {
    const plain = orderConfirmationMail('  ', { ...order, transactionId: null, shippingAddress: { ...order.shippingAddress, addressLine2: null } }, SHOP);
    expect(plain.text.startsWith('Namaste,\n\n')).toBe(true);
    expect(plain.text).toContain('12 Park Street\nKolkata, West Bengal 700016');
    expect(plain.text).not.toContain('PhonePe transaction id');
  });

  it('says the same in HTML, with what shoppers and admins typed escaped', () => {
    expect(mail.html).toMatch(/^<!doctype html>/);
    for (const part of ['#00a1b2c3', 'Anubias nana × 3 (₹236.55 each, 5% off)', '₹709.65', 'Volume discount savings', '₹934.00', 'Kolkata, West Bengal 700016', '3-5 business days']) expect(mail.html).toContain(part);
    const hostile = orderConfirmationMail('<b>Eve</b>', { ...order, lines: [{ ...order.lines[0]!, productName: 'Moss <script>alert(1)</script>' }] }, SHOP);
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

describe('refund-started mail of an admin’s refund', () => {
  const admin = { ...refund, merchantOrderId: 'MO1763800000000a1b2c3_7f3k', totalPaise: 78500, reason: 'admin' as const, note: 'One plant arrived damaged' };

  it('names a part refund with what was paid, the admin’s reason and how long the money takes', () => {
    const mail = refundStartedMail('Ananya Sen', { ...admin, refundPaise: 24900 });
    expect(mail.subject).toBe('Refund for your Jalaj order #00a1b2c3');
    expect(mail.text).toContain('We have started a refund of ₹249.00 of the ₹785.00 you paid for your order #00a1b2c3.');
    expect(mail.text).toContain('Why we are refunding\nOne plant arrived damaged');
    expect(mail.text).toContain('It usually takes 3-5 business days to reach your account');
    expect(mail.text).not.toContain('sold out');
    expect(mail.text).toContain(`Refund reference: ${refund.merchantRefundId}`);
  });

  it('says the full amount when all of it comes back, and leaves out a missing reason', () => {
    const mail = refundStartedMail('Ananya Sen', { ...admin, refundPaise: 78500, note: null });
    expect(mail.text).toContain('We have started a refund of the full amount of ₹785.00 for your order #00a1b2c3.');
    expect(mail.text).not.toContain('Why we are refunding');
  });

  it('escapes the admin’s words in HTML', () => {
    const mail = refundStartedMail('Ananya Sen', { ...admin, note: '<img src=x onerror=alert(1)>' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x');
  });
});

describe('fulfilment mails', () => {
  const step = eventSubjects['evt.order.order.fulfilment-changed.v1'].fixture;
  const shipped = { ...step, merchantOrderId: 'MO1763800000000a1b2c3_7f3k', at: '2026-11-23T09:00:00.000Z' };

  it('tells the shopper the order shipped, with the courier and the tracking number, and links the order', () => {
    const mail = fulfilmentMail('Ananya Sen', shipped, SHOP)!;
    expect(mail.subject).toBe('Your Jalaj order #00a1b2c3 has shipped');
    expect(mail.text).toContain('Courier: India Post\nTracking number: EK123456789IN');
    expect(mail.text).toContain('on November 23, 2026');
    expect(mail.text).toContain(`Follow your order #00a1b2c3: ${SHOP}/orders?order=${shipped.orderId}`);
    expect(mail.html).toContain('EK123456789IN');
    expect(mail.links).toEqual([`${SHOP}/orders?order=${shipped.orderId}`]);
  });

  it('tells of a delivery, and of a cancellation with its reason', () => {
    expect(fulfilmentMail('A', { ...shipped, status: 'delivered', courier: null, trackingNumber: null }, SHOP)!.subject).toBe('Your Jalaj order #00a1b2c3 has been delivered');
    const cancelled = fulfilmentMail('A', { ...shipped, status: 'cancelled', courier: null, trackingNumber: null, note: 'The plants did not pass our quality check' }, SHOP)!;
    expect(cancelled.subject).toBe('Your Jalaj order #00a1b2c3 has been cancelled');
    expect(cancelled.text).toContain('Why\nThe plants did not pass our quality check');
    expect(cancelled.text).toContain('you will get a separate mail when the refund starts');
  });

  it('sends nothing for processing and packed', () => {
    expect(fulfilmentMail('A', { ...shipped, status: 'processing' }, SHOP)).toBeNull();
    expect(fulfilmentMail('A', { ...shipped, status: 'packed' }, SHOP)).toBeNull();
  });
});

describe('backInStockMail', () => {
  it('tells the shopper the plant is back, with a link to its page in both parts', () => {
    const mail = backInStockMail('Asha Roy', { productId: 'prd_01JD', productName: 'Monte Carlo' }, 'https://jalaj.shop/');
    expect(mail.subject).toBe('Monte Carlo is back in stock at Jalaj');
    expect(mail.text).toContain('Namaste Asha Roy,');
    expect(mail.text).toContain('Monte Carlo is back in stock');
    expect(mail.links).toEqual(['https://jalaj.shop/product/prd_01JD']);
    expect(mail.text).toContain('View Monte Carlo: https://jalaj.shop/product/prd_01JD');
    expect(mail.html).toContain('href="https://jalaj.shop/product/prd_01JD"');
  });

  it('escapes a plant name in the HTML part', () => {
    const mail = backInStockMail('', { productId: 'prd_x', productName: 'Fern <b>&</b>' }, 'https://jalaj.shop');
    expect(mail.html).not.toContain('<b>&</b>');
    expect(mail.text).toContain('Namaste,');
  });
});

describe('attentionDigestMail', () => {
  it('lists each waiting order by its number with what it waits for in words, and links to the filtered Orders tab', () => {
    const mail = attentionDigestMail(
      'Asha Roy',
      {
        day: '2026-11-29',
        total: 3,
        orders: [
          { orderId: 'ord_1', merchantOrderId: 'MO1763800000000a1b2c3d4_7f3k', items: [{ reason: 'amount-mismatch', totalPaise: 32400, reportedPaise: 32300, acceptable: false }] },
          {
            orderId: 'ord_2',
            merchantOrderId: 'MO1763800000000e5f6g7h8_7f3k',
            items: [{ reason: 'refund-refused', refundId: 'rfd_1', merchantRefundId: 'MR1', amountPaise: 10000, since: '2026-11-28T04:30:00.000Z' }],
          },
        ],
      },
      'https://jalaj.shop/',
    );
    expect(mail.subject).toBe('3 orders need a decision at Jalaj');
    expect(mail.text).toContain('Namaste Asha Roy,');
    expect(mail.text).toContain('Order #a1b2c3d4\nPhonePe took ₹323.00 for this order of ₹324.00, ₹1.00 less.');
    expect(mail.text).toContain('Order #e5f6g7h8\nPhonePe refused the refund of ₹100.00 (MR1)');
    expect(mail.text).toContain('And 1 more: the Orders tab lists them all.');
    expect(mail.links).toEqual(['https://jalaj.shop/admin?attention=true']);
    expect(mail.html).toContain('Order #a1b2c3d4');
  });
});
