import { useParams } from 'react-router-dom';
import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { ProductPage } from '../features/product/product-page.js';

/** `/product/:id`: the product detail page. */
export function ProductRoute() {
  const { id } = useParams();
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <ProductPage id={id} />
      </main>
      <SiteFooter />
    </>
  );
}
