import { useSearchParams } from 'react-router-dom';
import { CartPage } from '../features/cart/cart-page.js';
import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';

/** `/cart`: the cart; `?checkout=true` enters checkout mode. */
export function CartRoute() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout') === 'true';
  return (
    <>
      <title>{checkout ? 'Checkout — Jalaj' : 'Shopping Cart — Jalaj'}</title>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="cart-page container">
        <CartPage checkout={checkout} />
      </main>
      <SiteFooter />
    </>
  );
}
