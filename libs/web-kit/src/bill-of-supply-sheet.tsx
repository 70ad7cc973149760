import {
  formatCustomerDate,
  formatRupees,
  GUARANTEE_MESSAGES,
  orderMoneyFacts,
  orderMoneyLines,
  orderStatusDisplay,
  orderStatusOf,
  paymentMethodText,
  placeOfSupplyText,
} from '@jalaj/commerce';
import type { BillOfSupply, BillParty } from '@jalaj/contracts';
import { type ReactNode, useId } from 'react';
import './bill-of-supply-sheet.css';

/** The words of the bill that are not the order's data, in one place. */
const BILL_TEXTS = Object.freeze({
  title: 'Bill of Supply',
  invoiceNumber: 'Invoice No.',
  billNumber: 'Bill No.',
  date: 'Date',
  orderNumber: 'Order No.',
  replacementOf: 'Replacement of order',
  status: 'Status',
  billedTo: 'Billed to',
  shippedTo: 'Shipped to',
  placeOfSupply: 'Place of supply',
  payment: 'Payment',
  items: 'Items billed',
  refunds: 'Refunds',
  signatory: 'Authorised Signatory',
});

/** Props of {@link BillOfSupplySheet}. */
export interface BillOfSupplySheetProps {
  /** The bill as the order service composed it (`rpc.order.orders.bill`): every amount and text is the server's. */
  readonly bill: BillOfSupply;
  /**
   * The level of the bill's title: 1 where the bill is the page (the storefront's invoice
   * window), 2 inside another page's dialog (the admin's). Its sections take the next level.
   */
  readonly headingLevel?: 1 | 2;
}

/**
 * The GST bill of supply of a paid order (live plants, HSN 0602, exempt; docs/adr/019 and
 * 079), the one rendering of it: the shopper's invoice window and the admin's Bill dialog
 * both show it, and both print it on A4. It reads the seller (address, state, GSTIN, phone,
 * email), the invoice and bill numbers, the date, the order and its status, who is billed
 * and where the plants were shipped, the place of supply, how it was paid, the lines with
 * HSN, discount and value, the money lines every screen shows (`orderMoneyLines`), the
 * refunds under the unchanged total (ADR 074), the exemption note and a place to sign. A
 * guarantee replacement's bill (ADR 078) names the order it replaces, its ₹0 lines and no payment.
 *
 * It lays itself out by its own width, not the screen's (a container query): a table when
 * there is room, each line a labelled block when not (a 360 px phone, the admin's dialog on
 * one), so no column is ever cut off; on paper the table, black on white.
 */
export function BillOfSupplySheet({ bill, headingLevel = 1 }: BillOfSupplySheetProps) {
  const id = useId();
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  const status = orderStatusDisplay(orderStatusOf(bill.state), 'detail');
  return (
    <article className="bill" aria-labelledby={`${id}-title`}>
      <header className="bill__head">
        <div className="bill__seller">
          <p className="bill__brand">{bill.seller.name}</p>
          <address>
            {bill.seller.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              State: {bill.seller.state}, Code: {bill.seller.stateCode}
            </span>
            <span>
              GSTIN: <strong>{bill.seller.gstin}</strong>
            </span>
            <span>
              Phone: <a href={`tel:${bill.seller.phone.replace(/[^\d+]/g, '')}`}>{bill.seller.phone}</a>
            </span>
            <span>
              Email: <a href={`mailto:${bill.seller.email}`}>{bill.seller.email}</a>
            </span>
          </address>
        </div>
        <div className="bill__title-block">
          <Title id={`${id}-title`} className="bill__title">
            {BILL_TEXTS.title}
          </Title>
          <dl className="bill__meta">
            <Fact label={BILL_TEXTS.invoiceNumber}>{bill.invoiceNumber}</Fact>
            <Fact label={BILL_TEXTS.billNumber}>{bill.billNumber}</Fact>
            <Fact label={BILL_TEXTS.date}>
              <time dateTime={bill.billDate}>{formatCustomerDate(bill.billDate)}</time>
            </Fact>
            <Fact label={BILL_TEXTS.orderNumber}>#{bill.orderNumber}</Fact>
            {bill.replacementOf ? <Fact label={BILL_TEXTS.replacementOf}>#{bill.replacementOf.orderNumber}</Fact> : null}
            <Fact label={BILL_TEXTS.status}>{status.label}</Fact>
          </dl>
        </div>
      </header>

      <div className="bill__parties">
        <Party id={`${id}-buyer`} heading={BILL_TEXTS.billedTo} Heading={Section} party={bill.buyer} />
        <Party id={`${id}-ship`} heading={BILL_TEXTS.shippedTo} Heading={Section} party={bill.shipTo} />
        <section className="bill__party" aria-labelledby={`${id}-supply`}>
          <Section id={`${id}-supply`} className="bill__label">
            {BILL_TEXTS.placeOfSupply}
          </Section>
          <p>{placeOfSupplyText(bill.placeOfSupply)}</p>
          <Section className="bill__label bill__label--spaced">{BILL_TEXTS.payment}</Section>
          <p>{bill.replacementOf ? GUARANTEE_MESSAGES.replacementPayment : paymentMethodText(bill.paymentMode)}</p>
          {bill.replacementOf ? null : <p className="bill__id">PhonePe merchant order ID: {bill.merchantOrderId}</p>}
          {bill.transactionId ? <p className="bill__id">PhonePe transaction ID: {bill.transactionId}</p> : null}
        </section>
      </div>

      <table className="bill__table">
        <caption className="bill__sr-only">{BILL_TEXTS.items}</caption>
        <thead>
          <tr>
            <th scope="col" className="bill__num bill__index">
              #
            </th>
            <th scope="col">HSN</th>
            <th scope="col">Description</th>
            <th scope="col" className="bill__num">
              Qty
            </th>
            <th scope="col" className="bill__num">
              Unit price
            </th>
            <th scope="col" className="bill__num">
              Discount
            </th>
            <th scope="col" className="bill__num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line, index) => (
            <tr key={`${line.hsn}-${index}`}>
              <td className="bill__num bill__index">{index + 1}</td>
              <td data-label="HSN">{line.hsn}</td>
              <td className="bill__description">{line.description}</td>
              <td className="bill__num" data-label="Qty">
                {line.quantity}
              </td>
              <td className="bill__num" data-label="Unit price">
                {formatRupees(line.unitPricePaise)}
              </td>
              <td className="bill__num" data-label="Discount">
                {line.discountPaise > 0 ? (
                  <span>
                    {formatRupees(line.discountPaise)}
                    <span className="bill__percent"> ({line.discountPercent}%)</span>
                  </span>
                ) : (
                  formatRupees(0)
                )}
              </td>
              <td className="bill__num bill__value" data-label="Value">
                {formatRupees(line.valuePaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="bill__bottom">
        <dl className="bill__totals">
          {orderMoneyLines(orderMoneyFacts(bill)).map((line) => (
            <div key={line.key} className={line.sum ? 'bill__total' : undefined}>
              <dt>{line.label}</dt>
              <dd>{line.amount}</dd>
            </div>
          ))}
        </dl>
        {bill.refunds.length > 0 ? (
          <ul className="bill__refunds" aria-label={BILL_TEXTS.refunds}>
            {bill.refunds.map((refund, index) => (
              <li key={index}>
                {formatRupees(refund.amountPaise)} refunded through PhonePe
                {refund.refundedAt ? (
                  <>
                    {' '}
                    on <time dateTime={refund.refundedAt}>{formatCustomerDate(refund.refundedAt)}</time>
                  </>
                ) : (
                  ' (in progress)'
                )}
                .
              </li>
            ))}
          </ul>
        ) : null}
        {bill.replacementOf ? (
          <p className="bill__note">
            {bill.replacementOf.note}
            {bill.replacementOf.billNumber ? ` Original bill: ${bill.replacementOf.billNumber}.` : ''}
          </p>
        ) : null}
        <p className="bill__note">{bill.exemptNote}</p>
        <div className="bill__sign">
          <p>For {bill.seller.name}</p>
          <p className="bill__sign-line">{BILL_TEXTS.signatory}</p>
        </div>
      </div>
    </article>
  );
}

/** A labelled fact of the bill's head (`<dt>` and `<dd>`). */
function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Who is billed, or where the plants went: the name, the address's lines and the phone. */
function Party({ id, heading, Heading, party }: { readonly id: string; readonly heading: string; readonly Heading: 'h2' | 'h3'; readonly party: BillParty }) {
  return (
    <section className="bill__party" aria-labelledby={id}>
      <Heading id={id} className="bill__label">
        {heading}
      </Heading>
      <address>
        <strong>{party.name}</strong>
        {party.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {party.phone ? <span>Phone: {party.phone}</span> : null}
      </address>
    </section>
  );
}
