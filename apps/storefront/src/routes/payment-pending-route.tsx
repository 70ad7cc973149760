import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { PaymentPendingPage } from '../features/payment/payment-pending-page.js';

/** `/payment-pending`: a payment PhonePe has not decided yet. */
export function PaymentPendingRoute() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="payment-page container">
        <PaymentPendingPage />
      </main>
      <SiteFooter />
    </>
  );
}
