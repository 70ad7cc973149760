import { addressTitle, formatCustomerDate, formatRupees, orderNumber } from '@jalaj/commerce';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { OpenPayment } from '../../api/checkout.js';
import { LockIcon } from '../ui/icons.js';
import { PAYMENT_PROVIDER } from './payment-card.js';
import { isWebAddress } from './use-pay.js';

/** Props of {@link OpenPaymentPanel}. */
export interface OpenPaymentPanelProps {
  readonly payment: OpenPayment;
}

/**
 * The shopper's payment still waiting at PhonePe, at the top of checkout (back from
 * PhonePe unpaid, or a reload): its order number, amount, where it ships and until when
 * its plants are set aside for them; Pay it on PhonePe's page again (no new order), or
 * change it — other addresses below, or the plants in the cart — and pay: the new payment
 * replaces this one (ADR 073).
 */
export function OpenPaymentPanel({ payment }: OpenPaymentPanelProps) {
  const titleId = useId();
  const number = orderNumber(payment.merchantOrderId);
  const amount = formatRupees(payment.amountPaise);
  const to = payment.shippingAddress;
  return (
    <section className="panel open-payment" aria-labelledby={titleId}>
      <h2 id={titleId} className="open-payment__title">
        Your payment for order #{number} is waiting
      </h2>
      <p>
        {PAYMENT_PROVIDER} has not received {amount} for it yet. It ships to {addressTitle(to.nickname)}, {to.city} {to.postalCode}. Its plants are set aside for
        you until <strong>{formatCustomerDate(payment.expiresAt)}</strong>.
      </p>
      <p className="open-payment__change">To change it, choose other addresses below or change your plants in the cart, then pay: the new payment replaces this one.</p>
      <div className="open-payment__actions">
        {isWebAddress(payment.redirectUrl) ? (
          <a className="button button--primary" href={payment.redirectUrl}>
            <LockIcon width={18} height={18} />
            Pay {amount} with {PAYMENT_PROVIDER}
          </a>
        ) : null}
        <Link to="/cart" className="button button--outline">
          Change plants
        </Link>
      </div>
    </section>
  );
}
