import { BILL_EXEMPT_NOTE, boughtLineDiscountPaise, invoiceNumber, LIVE_PLANTS_HSN, orderNumber, orderRoundingPaise, placeOfSupply, replacementNote } from '@jalaj/commerce';
import type { AddressSnapshot, BillOfSupply, BillParty } from '@jalaj/contracts';
import type { Order } from '../checkout/entities/order.entity.js';

/** The seller as bills print it (from the order service's configuration, `sellerOf`). */
export interface Seller {
  name: string;
  address: string[];
  gstin: string;
  state: string;
  stateCode: string;
  phone: string;
  email: string;
}

/** An address snapshot as a bill's lines: street lines, then `City PIN, State, Country`. */
export function addressLines(a: AddressSnapshot): string[] {
  return [a.addressLine1, a.addressLine2 ?? '', `${a.city} ${a.postalCode}, ${a.state}, ${a.country}`].map((l) => l.trim()).filter(Boolean);
}

/** An address snapshot as a party of a bill: who, where, and the phone to reach them. */
export function billParty(a: AddressSnapshot): BillParty {
  return { name: a.fullName, address: addressLines(a), phone: a.phone.trim() };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The GST bill of supply of a paid order (docs/adr/019-orders-bills-and-fulfilment.md, 079):
 * the buyer from the billing snapshot, the goods' destination and the place of supply from
 * the shipping snapshot, every line under HSN 0602 with its volume discount, and the rupee rounding that
 * makes up the paid total; the refunds, if any, under it. A guarantee replacement's bill
 * (docs/adr/078) shows its lines at ₹0 and names the order it replaces.
 *
 * @param o - The paid order, or a replacement.
 * @param billNumber - Its bill number (allocated when it was paid, or approved).
 * @param seller - The shop, from configuration.
 * @param original - For a replacement: the replaced order's bill number (null if it has none).
 */
export function billOfSupply(o: Order, billNumber: string, seller: Seller, original?: { billNumber: string | null }): BillOfSupply {
  const shipTo = o.shippingAddress;
  return {
    invoiceNumber: invoiceNumber(o.merchantOrderId),
    orderNumber: orderNumber(o.merchantOrderId),
    billNumber,
    billDate: (o.paidAt ?? o.createdAt).toISOString(),
    seller: { name: seller.name, address: [...seller.address], gstin: seller.gstin, state: seller.state, stateCode: seller.stateCode, phone: seller.phone, email: seller.email },
    buyer: billParty(o.billingAddress),
    shipTo: billParty(shipTo),
    placeOfSupply: placeOfSupply(shipTo.state),
    lines: o.lines.getItems().map((l) => ({
      hsn: LIVE_PLANTS_HSN,
      description: l.productName,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountPaise: boughtLineDiscountPaise(l),
      discountPercent: l.discountPercent,
      valuePaise: l.lineTotalPaise,
    })),
    subtotalPaise: o.subtotalPaise,
    shippingPaise: o.shippingPaise,
    roundingPaise: orderRoundingPaise(o),
    totalPaise: o.totalPaise,
    // What was billed stays as billed; money given back is printed under it (docs/adr/074-partial-refunds.md).
    refunds: o.countedRefunds().map((r) => ({ amountPaise: r.amountPaise, requestedAt: iso(r.requestedAt), refundedAt: iso(r.doneAt()) })),
    refundedPaise: o.refundedPaise,
    state: o.state,
    paymentMode: o.paymentMode ?? null,
    transactionId: o.transactionId ?? null,
    merchantOrderId: o.merchantOrderId,
    exemptNote: BILL_EXEMPT_NOTE,
    replacementOf: o.replacementOfMerchantOrderId
      ? {
          orderNumber: orderNumber(o.replacementOfMerchantOrderId),
          billNumber: original?.billNumber ?? null,
          note: replacementNote(orderNumber(o.replacementOfMerchantOrderId)),
        }
      : null,
  };
}
