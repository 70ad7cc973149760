import { PrinterOutlined } from '@ant-design/icons';
import { formatRupees, ORDER_MONEY_LABELS, signedRupees } from '@jalaj/commerce';
import type { BillOfSupply } from '@jalaj/contracts';
import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { apiErrorMessage, ORDER_CHANGE_FALLBACKS } from '../../api/error-messages.js';
import { useOrderBill } from '../../api/orders.js';
import { adminDate, paymentMethodLabel } from './order-display.js';

/** The class on `<body>` while a bill is open: the print styles then print only the bill. */
const PRINTING_CLASS = 'printing-bill';

/** The bill of supply of an order (`admin.orders.bill`) in a dialog, with Print. */
export function BillModal({ orderId, onClose }: { readonly orderId: string | null; readonly onClose: () => void }) {
  const { data, error, isLoading } = useOrderBill(orderId);

  useEffect(() => {
    if (orderId === null) return undefined;
    document.body.classList.add(PRINTING_CLASS);
    return () => document.body.classList.remove(PRINTING_CLASS);
  }, [orderId]);

  return (
    <Modal
      open={orderId !== null}
      title="Bill of Supply"
      onCancel={onClose}
      width={820}
      rootClassName="bill-modal"
      destroyOnHidden
      footer={
        <Button type="primary" icon={<PrinterOutlined />} disabled={!data} onClick={() => window.print()}>
          Print
        </Button>
      }
    >
      {error ? (
        <Alert type="error" showIcon title={apiErrorMessage(error, ORDER_CHANGE_FALLBACKS.bill)} />
      ) : isLoading || !data ? (
        <div className="admin-loading" aria-busy="true">
          <Spin description="Loading bill..." />
        </div>
      ) : (
        <BillSheet bill={data} />
      )}
    </Modal>
  );
}

/** The printable bill of supply: seller, buyer, place of supply, lines with HSN, totals and the exemption note. */
export function BillSheet({ bill }: { readonly bill: BillOfSupply }) {
  return (
    <article className="bill-sheet" aria-label={`Bill of supply ${bill.billNumber}`}>
      <p className="bill-sheet__kind">Bill of Supply</p>
      <header className="bill-sheet__head">
        <div>
          <h2 className="bill-sheet__seller">{bill.seller.name}</h2>
          {bill.seller.address.map((line) => (
            <div key={line}>{line}</div>
          ))}
          <div>GSTIN: {bill.seller.gstin}</div>
          <div>
            State: {bill.seller.state} ({bill.seller.stateCode})
          </div>
        </div>
        <dl className="bill-sheet__ids">
          <dt>Bill of Supply No.</dt>
          <dd>{bill.billNumber}</dd>
          <dt>Invoice No.</dt>
          <dd>{bill.invoiceNumber}</dd>
          <dt>Order No.</dt>
          <dd>{bill.orderNumber}</dd>
          <dt>Date</dt>
          <dd>{adminDate(bill.billDate)}</dd>
        </dl>
      </header>
      <section className="bill-sheet__parties">
        <div>
          <h3>Billed to</h3>
          <div>{bill.buyer.name}</div>
          {bill.buyer.address.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
        <div>
          <h3>Place of supply</h3>
          <div>
            {bill.placeOfSupply.state} ({bill.placeOfSupply.code})
          </div>
        </div>
      </section>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="bill-sheet__table-wrap" role="region" aria-label="Bill lines" tabIndex={0}>
        <table className="bill-sheet__table">
          <thead>
            <tr>
              <th scope="col">HSN</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Discount
              </th>
              <th scope="col" className="num">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {bill.lines.map((line, index) => (
              <tr key={`${line.description}-${index}`}>
                <td>{line.hsn}</td>
                <td>{line.description}</td>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatRupees(line.unitPricePaise)}</td>
                <td className="num">{line.discountPaise > 0 ? `${formatRupees(line.discountPaise)} (${line.discountPercent}%)` : '—'}</td>
                <td className="num">{formatRupees(line.valuePaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Subtotal
              </th>
              <td className="num">{formatRupees(bill.subtotalPaise)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Shipping
              </th>
              <td className="num">{formatRupees(bill.shippingPaise)}</td>
            </tr>
            {bill.roundingPaise !== 0 && (
              <tr>
                <th scope="row" colSpan={5}>
                  Rounding
                </th>
                <td className="num">{formatRupees(bill.roundingPaise)}</td>
              </tr>
            )}
            <tr className="bill-sheet__total">
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td className="num">{formatRupees(bill.totalPaise)}</td>
            </tr>
            {/* Money given back, under what was billed (which stays as billed): each refund, then what remains paid. */}
            {bill.refunds.map((refund, index) => (
              <tr key={index} className="bill-sheet__refund">
                <th scope="row" colSpan={5}>
                  {refund.refundedAt ? `${ORDER_MONEY_LABELS.refunded} on ${adminDate(refund.refundedAt)}` : ORDER_MONEY_LABELS.refunding}
                </th>
                <td className="num">{signedRupees(-refund.amountPaise)}</td>
              </tr>
            ))}
            {bill.refundedPaise > 0 && (
              <tr className="bill-sheet__total">
                <th scope="row" colSpan={5}>
                  {ORDER_MONEY_LABELS.net}
                </th>
                <td className="num">{formatRupees(bill.totalPaise - bill.refundedPaise)}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      <p className="bill-sheet__payment">
        Paid by PhonePe ({paymentMethodLabel(bill.paymentMode)}){bill.transactionId ? `, transaction ${bill.transactionId}` : ''}.
      </p>
      <p className="bill-sheet__exempt">{bill.exemptNote}</p>
    </article>
  );
}
