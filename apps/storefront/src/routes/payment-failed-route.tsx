import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { PaymentFailedPage } from '../features/payment/payment-failed-page.js';

/** `/payment-failed`: where a failed payment ends (spec §2). */
export function PaymentFailedRoute() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="payment-page container">
        <PaymentFailedPage />
      </main>
      <SiteFooter />
    </>
  );
}
