import { formatCustomerDate, formatRupees, orderMoneyFacts, orderMoneyLines } from '@jalaj/commerce';
import type { Bill } from '../../api/orders.js';
import { orderBadge, paymentMethodText, placeOfSupplyText } from './order-view.js';
import './invoice.css';

/**
 * The printable GST bill of supply of a paid order (live plants, HSN 0602, exempt), as the
 * order service composed it: the title, the invoice number (`INV-…`, spec §9) and the
 * year's bill serial, the date, seller with GSTIN, buyer with billing address, place of
 * supply, the lines with HSN, discount and value, the money lines every screen shows,
 * the exemption note and a place to sign.
 */
export function BillOfSupply({ bill }: { readonly bill: Bill }) {
  const status = orderBadge(bill.state, 'detail');
  return (
    <article className="bill" aria-labelledby="bill-title">
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
          </address>
        </div>
        <div className="bill__title-block">
          <h1 id="bill-title" className="bill__title">
            Bill of Supply
          </h1>
          <dl className="bill__meta">
            <div>
              <dt>Invoice No.</dt>
              <dd>{bill.invoiceNumber}</dd>
            </div>
            <div>
              <dt>Bill No.</dt>
              <dd>{bill.billNumber}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={bill.billDate}>{formatCustomerDate(bill.billDate)}</time>
              </dd>
            </div>
            <div>
              <dt>Order No.</dt>
              <dd>#{bill.orderNumber}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{status.label}</dd>
            </div>
          </dl>
        </div>
      </header>

      <div className="bill__parties">
        <section aria-labelledby="bill-buyer">
          <h2 id="bill-buyer" className="bill__label">
            Billed to
          </h2>
          <address>
            <strong>{bill.buyer.name}</strong>
            {bill.buyer.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </section>
        <section aria-labelledby="bill-supply">
          <h2 id="bill-supply" className="bill__label">
            Place of supply
          </h2>
          <p>{placeOfSupplyText(bill.placeOfSupply)}</p>
          <h2 className="bill__label bill__label--spaced">Payment</h2>
          <p>{paymentMethodText(bill.paymentMode)}</p>
          <p className="bill__id">PhonePe merchant order ID: {bill.merchantOrderId}</p>
          {bill.transactionId ? <p className="bill__id">PhonePe transaction ID: {bill.transactionId}</p> : null}
        </section>
      </div>

      {/* On a phone each line stacks into a small block, its cells labelled (invoice.css). */}
      <div className="bill__table-wrap">
        <table className="bill__table">
          <caption className="sr-only">Items billed</caption>
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
                <td className="bill__num" data-label="Value">
                  {formatRupees(line.valuePaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
          <ul className="bill__refunds" aria-label="Refunds">
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
        <p className="bill__note">{bill.exemptNote}</p>
        <div className="bill__sign">
          <p>For {bill.seller.name}</p>
          <p className="bill__sign-line">Authorised Signatory</p>
        </div>
      </div>
    </article>
  );
}
