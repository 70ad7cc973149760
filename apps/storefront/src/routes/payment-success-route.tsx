import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { PaymentSuccessPage } from '../features/payment/payment-success-page.js';

/** `/payment-success`: where a paid payment ends (spec §2). */
export function PaymentSuccessRoute() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="payment-page container">
        <PaymentSuccessPage />
      </main>
      <SiteFooter />
    </>
  );
}
