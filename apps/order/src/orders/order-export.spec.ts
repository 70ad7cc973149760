import { linePricing, payableAmountPaise, salesFigures } from '@jalaj/commerce';
import type { OrderExportRow } from '@jalaj/contracts';
import { decodeCursor, encodeCursor, rowsForOneLookup, toExportRow, type ExportLineRow } from './order-export.js';
import { orderFilterSql } from './orders.repository.js';

describe('the Orders tab’s filters as SQL (the list and the export share them)', () => {
  it('shows only the orders not archived by default, and only archived ones when asked', () => {
    expect(orderFilterSql({}, 'o')).toEqual({ where: 'o.archived_at is null', params: [] });
    expect(orderFilterSql({ archived: true })).toEqual({ where: 'archived_at is not null', params: [] });
  });

  it('filters by state (paid: the sales, partly refunded ones too), fulfilment (none: a sale not started) and inclusive India days', () => {
    expect(orderFilterSql({ state: 'paid', fulfilment: 'shipped', from: '2026-11-01', to: '2026-11-22' }, 'o')).toEqual({
      where: "o.archived_at is null and o.state in ('paid', 'partly_refunded') and o.fulfilment_status = $1 and o.created_at >= $2 and o.created_at < $3",
      params: ['shipped', new Date('2026-10-31T18:30:00Z'), new Date('2026-11-22T18:30:00Z')],
    });
    expect(orderFilterSql({ state: 'partly_refunded' }, 'o')).toEqual({ where: 'o.archived_at is null and o.state = $1', params: ['partly_refunded'] });
    expect(orderFilterSql({ fulfilment: 'none' }, 'o').where).toBe("o.archived_at is null and o.fulfilment_status is null and o.state in ('paid', 'partly_refunded', 'replacement')");
  });

  it('searches the order number’s beginning (with or without #, any case), the transaction id and the customers identity found', () => {
    expect(orderFilterSql({ q: ' #0000A1B2 ' }, 'o')).toEqual({ where: 'o.archived_at is null and (o.order_number like $1 or o.merchant_order_id = $2)', params: ['0000a1b2%', '0000A1B2'] });
    expect(orderFilterSql({ q: 'an_%', customerIds: ['usr_1', 'usr_2'] }, 'o')).toEqual({
      where: 'o.archived_at is null and (o.order_number like $1 or o.merchant_order_id = $2 or o.user_id = any($3::text[]))',
      params: ['an\\_\\%%', 'an_%', ['usr_1', 'usr_2']],
    });
    // Customers without a search mean nothing.
    expect(orderFilterSql({ customerIds: ['usr_1'] }, 'o')).toEqual({ where: 'o.archived_at is null', params: [] });
  });
});

describe('the export’s cursor', () => {
  const cursor = { createdAt: '2026-11-22T10:14:00.123456Z', orderId: 'ord_01JD0000000000000000000000', position: 2 };

  it('comes back as it went out', () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('is refused when it is not one of ours', () => {
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(['2026-11-22', 'ord_1', 0])).toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify([cursor.createdAt, 'ord_1', -1])).toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ a: 1 })).toString('base64url'))).toBeNull();
  });
});

describe('a batch’s customers', () => {
  const rows = (users: string[]) => users.map((user_id, i) => ({ user_id, i }));

  it('stop before the order whose customer would be one too many for a single look-up', () => {
    const { rows: kept, userIds } = rowsForOneLookup(rows(['a', 'a', 'b', 'a', 'c', 'c', 'b']), 2);
    expect(kept.map((r) => r.i)).toEqual([0, 1, 2, 3]);
    expect(userIds).toEqual(['a', 'b']);
  });

  it('keep every row when the customers fit', () => {
    expect(rowsForOneLookup(rows(['a', 'b', 'a']), 2).rows).toHaveLength(3);
    expect(rowsForOneLookup([], 2)).toEqual({ rows: [], userIds: [] });
  });
});

describe('an export row', () => {
  const line: ExportLineRow = {
    id: 'ord_1',
    created_key: '2026-11-22T10:14:00.000000Z',
    created_at: new Date('2026-11-22T10:14:00.000Z'),
    paid_at: '2026-11-22T10:15:00.000Z',
    merchant_order_id: 'MO1763800000000a1b2c3_7f3k',
    order_number: '0000a1b2',
    bill_number: 'JLJ/26-27/000123',
    state: 'paid',
    fulfilment_status: null,
    user_id: 'usr_1',
    shipping_address: {
      id: 'adr_1',
      nickname: 'Home',
      fullName: 'Ananya Sen',
      phone: '9830012345',
      addressLine1: '12 Park Street',
      addressLine2: null,
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      country: 'India',
    },
    subtotal_paise: '70965',
    shipping_paise: '7500',
    total_paise: '78500',
    refunded_paise: '0',
    payment_mode: 'UPI_INTENT',
    transaction_id: 'OM1',
    position: 0,
    replacement_of_merchant_order_id: null,
    product_id: 'prd_1',
    product_name: 'Anubias nana',
    quantity: 3,
    unit_price_paise: '24900',
    discount_percent: 5,
    discounted_unit_price_paise: '23655',
    line_total_paise: '70965',
  };

  it('carries the line, its order and the customer, amounts as numbers, HSN 0602, the place of supply with its GST code', () => {
    expect(toExportRow(line, { id: 'usr_1', fullName: 'Ananya Sen', email: 'ananya@example.com' })).toEqual({
      billNumber: 'JLJ/26-27/000123',
      orderNumber: '0000a1b2',
      merchantOrderId: 'MO1763800000000a1b2c3_7f3k',
      createdAt: '2026-11-22T10:14:00.000Z',
      paidAt: '2026-11-22T10:15:00.000Z',
      state: 'paid',
      fulfilmentStatus: null,
      customerName: 'Ananya Sen',
      customerEmail: 'ananya@example.com',
      placeOfSupply: 'West Bengal (19)',
      lineNumber: 1,
      hsn: '0602',
      productName: 'Anubias nana',
      quantity: 3,
      unitPricePaise: 24900,
      discountPercent: 5,
      discountPaise: 3735,
      lineTotalPaise: 70965,
      shippingPaise: 7500,
      roundingPaise: 35,
      orderTotalPaise: 78500,
      refundPaise: 0,
      revenuePaise: 78500,
      paymentMode: 'UPI_INTENT',
      transactionId: 'OM1',
      replacementOf: null,
      claimedQuantity: 0,
      claimState: null,
    });
  });

  it('names the order a guarantee replacement replaces, counts it as no revenue, and says what claims cover of a line', () => {
    const replacement = { ...line, state: 'replacement' as const, total_paise: '0', line_total_paise: '0', unit_price_paise: '0', replacement_of_merchant_order_id: 'MO1763800000000a1b2c3_7f3k' };
    expect(toExportRow(replacement, null)).toMatchObject({ replacementOf: '00a1b2c3', revenuePaise: 0, orderTotalPaise: 0 });
    expect(toExportRow(line, null, { quantity: 2, state: 'approved' })).toMatchObject({ claimedQuantity: 2, claimState: 'approved', revenuePaise: 78500 });
  });

  it('leaves the customer empty when the account is gone', () => {
    expect(toExportRow(line, null)).toMatchObject({ customerName: null, customerEmail: null });
  });

  it('counts a partly refunded order for what was paid less what was refunded, and an order that is no sale for nothing', () => {
    expect(toExportRow({ ...line, state: 'partly_refunded', refunded_paise: '10000' }, null)).toMatchObject({ refundPaise: 10000, revenuePaise: 68500 });
    expect(toExportRow({ ...line, state: 'refunded', refunded_paise: '78500' }, null)).toMatchObject({ refundPaise: 78500, revenuePaise: 0 });
    expect(toExportRow({ ...line, state: 'pending', paid_at: null }, null)).toMatchObject({ refundPaise: 0, revenuePaise: 0 });
  });

  it('puts the order’s amounts on its first line only', () => {
    expect(toExportRow({ ...line, position: 1 }, null)).toMatchObject({
      lineNumber: 2,
      lineTotalPaise: 70965,
      discountPaise: 3735,
      shippingPaise: null,
      roundingPaise: null,
      orderTotalPaise: null,
      refundPaise: null,
      revenuePaise: null,
    });
  });
});

/** An order's lines as the export's query reads them: list price and quantity per line, then the order's own figures. */
function orderLines(id: string, state: ExportLineRow['state'], lines: readonly [unitPaise: number, quantity: number][], shippingPaise: number, refundedPaise: number): ExportLineRow[] {
  const priced = lines.map(([unit, quantity]) => linePricing(unit, quantity));
  const subtotalPaise = priced.reduce((sum, l) => sum + l.lineTotalPaise, 0);
  const totalPaise = payableAmountPaise(subtotalPaise, shippingPaise);
  return priced.map((l, position) => ({
    id,
    created_key: '2026-11-22T10:14:00.000000Z',
    created_at: '2026-11-22T10:14:00.000Z',
    paid_at: '2026-11-22T10:15:00.000Z',
    merchant_order_id: `MO1763800000000${id}_7f3k`,
    order_number: id,
    bill_number: null,
    state,
    fulfilment_status: null,
    user_id: 'usr_1',
    shipping_address: { id: 'adr_1', nickname: null, fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India' },
    subtotal_paise: String(subtotalPaise),
    shipping_paise: String(shippingPaise),
    total_paise: String(totalPaise),
    refunded_paise: String(refundedPaise),
    payment_mode: 'UPI_INTENT',
    transaction_id: null,
    position,
    replacement_of_merchant_order_id: null,
    product_id: `prd_${position + 1}`,
    product_name: `Plant ${position + 1}`,
    quantity: l.quantity,
    unit_price_paise: String(l.unitPricePaise),
    discount_percent: l.discountPercent,
    discounted_unit_price_paise: String(l.discountedUnitPricePaise),
    line_total_paise: String(l.lineTotalPaise),
  }));
}

describe('the export’s amount columns, summed as an accountant sums them', () => {
  // Three orders of several lines: one paid whose total was rounded up, one partly refunded whose
  // total was rounded down, one refunded in full; a failed one, which is no sale; and a
  // guarantee replacement at ₹0, which is none either.
  const orders = [
    orderLines('ord_paid', 'paid', [[24900, 3], [19950, 1]], 7500, 0),
    orderLines('ord_part', 'partly_refunded', [[34990, 2], [12345, 6], [9910, 1]], 15000, 10000),
    orderLines('ord_back', 'refunded', [[24900, 1]], 7500, 32400),
    orderLines('ord_fail', 'failed', [[19950, 2]], 7500, 0),
    // A guarantee replacement of the first: its plants at ₹0, no shipping charged, no sale.
    orderLines('ord_repl', 'replacement', [[0, 2]], 0, 0).map((r) => ({ ...r, paid_at: null, payment_mode: null, replacement_of_merchant_order_id: 'MO1763800000000a1b2c3d4_7f3k' })),
  ];
  const rows = orders.flat().map((r) => toExportRow(r, null));
  const sum = (pick: (r: OrderExportRow) => number | null) => rows.reduce((total, r) => total + (pick(r) ?? 0), 0);
  const facts = orders.map((lines) => lines[0]!).map((o) => ({ state: o.state, total: Number(o.total_paise), subtotal: Number(o.subtotal_paise), shipping: Number(o.shipping_paise), refunded: Number(o.refunded_paise) }));

  it('has orders whose totals were rounded either way, so the rounding column is not all zeros', () => {
    const rounding = rows.filter((r) => r.roundingPaise !== null).map((r) => r.roundingPaise!);
    expect(rounding.some((p) => p > 0)).toBe(true);
    expect(rounding.some((p) => p < 0)).toBe(true);
  });

  it('adds each order once: the order totals, shipping, refunds and revenue sum to the orders’ own', () => {
    expect(sum((r) => r.orderTotalPaise)).toBe(facts.reduce((t, o) => t + o.total, 0));
    expect(sum((r) => r.shippingPaise)).toBe(facts.reduce((t, o) => t + o.shipping, 0));
    expect(sum((r) => r.refundPaise)).toBe(facts.reduce((t, o) => t + o.refunded, 0));
    expect(sum((r) => r.revenuePaise)).toBe(salesFigures(facts.map((o) => ({ state: o.state, totalPaise: o.total, refundedPaise: o.refunded }))).revenuePaise);
  });

  it('adds up down the file: lines + shipping + rounding = order totals, and a sale’s total less its refunds = its revenue', () => {
    expect(sum((r) => r.lineTotalPaise) + sum((r) => r.shippingPaise) + sum((r) => r.roundingPaise)).toBe(sum((r) => r.orderTotalPaise));
    expect(sum((r) => r.lineTotalPaise)).toBe(facts.reduce((t, o) => t + o.subtotal, 0));
    const sales = rows.filter((r) => r.state === 'paid' || r.state === 'partly_refunded');
    expect(sales.reduce((t, r) => t + (r.orderTotalPaise ?? 0) - (r.refundPaise ?? 0), 0)).toBe(sum((r) => r.revenuePaise));
  });

  it('names the replacement’s original and adds nothing for it', () => {
    const replacement = rows.filter((r) => r.state === 'replacement');
    expect(replacement).toEqual([expect.objectContaining({ replacementOf: 'a1b2c3d4', lineTotalPaise: 0, orderTotalPaise: 0, revenuePaise: 0 })]);
  });

  it('adds up across each line: list price × quantity − discount = line total', () => {
    for (const r of rows) expect(r.unitPricePaise * r.quantity - r.discountPaise).toBe(r.lineTotalPaise);
  });
});
