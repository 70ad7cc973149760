import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { PaymentFailedPage } from '../features/payment/payment-failed-page.js';
import { PaymentPendingPage } from '../features/payment/payment-pending-page.js';
import { PaymentSuccessPage } from '../features/payment/payment-success-page.js';

const PAGES = { success: PaymentSuccessPage, failed: PaymentFailedPage, pending: PaymentPendingPage } as const;

/**
 * `/payment-success` and `/payment-failed` (spec §2), and `/payment-pending`: where a
 * payment ends after PhonePe sends the shopper back.
 */
export function PaymentRoute({ outcome }: { readonly outcome: keyof typeof PAGES }) {
  const Page = PAGES[outcome];
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="payment-page container">
        <Page />
      </main>
      <SiteFooter />
    </>
  );
}
