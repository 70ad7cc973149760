import { Collection } from '@mikro-orm/core';
import { billOfSupplySchema, rpcSubjects } from '@jalaj/contracts';
import { Order } from '../checkout/entities/order.entity.js';
import type { OrderLineRow } from '../checkout/entities/order-line.entity.js';
import { sellerConfigSchema, sellerOf } from '../config.js';
import { addressLines, billOfSupply } from './bill-of-supply.js';

const fixture = rpcSubjects['rpc.order.orders.bill'].fixtures.reply.data;
const view = rpcSubjects['rpc.order.orders.get-mine'].fixtures.reply.data;

/** The contract's order fixture as the order service's entity. */
const order = Object.assign(new Order(), {
  id: view.id,
  merchantOrderId: view.merchantOrderId,
  state: 'paid',
  createdAt: new Date(view.createdAt),
  paidAt: new Date(view.paidAt!),
  subtotalPaise: view.subtotalPaise,
  shippingPaise: view.shippingPaise,
  totalPaise: view.totalPaise,
  paymentMode: view.paymentMode,
  transactionId: view.transactionId,
  shippingAddress: view.shippingAddress,
  billingAddress: view.billingAddress,
});
order.lines = new Collection<OrderLineRow>(order, view.lines as unknown as OrderLineRow[]);

describe('the bill of supply of an order', () => {
  const seller = sellerOf(sellerConfigSchema.parse({}));

  it('composes the contract’s bill: seller from configuration, buyer from billing, HSN 0602, discount and rounding', () => {
    const bill = billOfSupply(order, 'JLJ/26-27/000123', seller);
    expect(billOfSupplySchema.parse(bill)).toEqual(bill);
    // The fixture's order number is illustrative; the real one derives from the transaction id (spec §9).
    expect(bill).toEqual({ ...fixture, orderNumber: '00a1b2c3', invoiceNumber: 'INV-00a1b2c3' });
  });

  it('takes the place of supply from the shipping address and the buyer from the billing one', () => {
    const shippingAddress = { ...view.shippingAddress, state: 'Andaman and Nicobar Islands', city: 'Port Blair' };
    const billingAddress = { ...view.billingAddress, fullName: 'Ravi Sen', addressLine2: 'Flat 4B' };
    const bill = billOfSupply(Object.assign(Object.create(order) as Order, { shippingAddress, billingAddress }), 'JLJ/26-27/000124', seller);
    expect(bill.placeOfSupply).toEqual({ state: 'Andaman and Nicobar Islands', code: '35' });
    expect(bill.buyer).toEqual({ name: 'Ravi Sen', address: ['12 Park Street', 'Flat 4B', 'Kolkata 700016, West Bengal, India'], phone: '9830012345' });
    expect(bill.shipTo).toEqual({ name: 'Ananya Sen', address: ['12 Park Street', 'Port Blair 700016, Andaman and Nicobar Islands, India'], phone: '9830012345' });
  });

  it('writes an address as street lines, then city, PIN, state and country', () => {
    expect(addressLines(view.billingAddress)).toEqual(['12 Park Street', 'Kolkata 700016, West Bengal, India']);
  });
});

describe('the seller configuration', () => {
  it('defaults to the demo shop in West Bengal', () => {
    expect(sellerOf(sellerConfigSchema.parse({}))).toEqual({
      name: 'Jalaj Aquatics',
      address: ['14 College Street', 'Kolkata 700073, West Bengal'],
      gstin: '19ABCDE1234F1Z5',
      state: 'West Bengal',
      stateCode: '19',
      phone: '+91 33 2241 0000',
      email: 'hello@jalaj.shop',
    });
  });

  it('takes the seller’s phone and email as configured, and refuses ones that are neither', () => {
    const seller = sellerOf(sellerConfigSchema.parse({ SELLER_PHONE: ' +91 (33) 2241-0099 ', SELLER_EMAIL: ' bills@example.in ' }));
    expect(seller).toMatchObject({ phone: '+91 (33) 2241-0099', email: 'bills@example.in' });
    expect(sellerConfigSchema.safeParse({ SELLER_PHONE: 'call us' }).success).toBe(false);
    expect(sellerConfigSchema.safeParse({ SELLER_PHONE: '+-() 12' }).success).toBe(false);
    expect(sellerConfigSchema.safeParse({ SELLER_EMAIL: 'hello at jalaj' }).success).toBe(false);
  });

  it('splits the address at |, and refuses a bad GSTIN, state or prefix', () => {
    expect(sellerConfigSchema.parse({ SELLER_ADDRESS: ' 1 Main Road | Pune 411001 ' }).SELLER_ADDRESS).toEqual(['1 Main Road', 'Pune 411001']);
    expect(sellerConfigSchema.safeParse({ SELLER_GSTIN: '19ABCDE1234F1Z' }).success).toBe(false);
    expect(sellerConfigSchema.safeParse({ SELLER_STATE: 'Atlantis' }).success).toBe(false);
    expect(sellerConfigSchema.safeParse({ BILL_SERIAL_PREFIX: 'JALAJ' }).success).toBe(false);
    expect(sellerConfigSchema.safeParse({ SELLER_ADDRESS: ' | ' }).success).toBe(false);
  });

  it('refuses a GSTIN of another state than the seller’s', () => {
    expect(() => sellerOf(sellerConfigSchema.parse({ SELLER_STATE: 'Maharashtra' }))).toThrow(/must start with 27/);
    expect(sellerOf(sellerConfigSchema.parse({ SELLER_STATE: 'Maharashtra', SELLER_GSTIN: '27abcde1234f1z5' })).gstin).toBe('27ABCDE1234F1Z5');
  });
});
