import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { OrdersPage } from '../features/orders/orders-page.js';

/** `/orders`: the signed-in shopper's order history (spec §2). */
export function OrdersRoute() {
  return (
    <>
      <title>My Orders — Jalaj</title>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="orders-page container">
        <OrdersPage />
      </main>
      <SiteFooter />
    </>
  );
}
