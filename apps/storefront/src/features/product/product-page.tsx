import { Link } from 'react-router-dom';
import { useProduct } from '../../api/products.js';
import { ArrowLeftIcon } from '../ui/icons.js';
import { ProductDetail } from './product-detail.js';
import './product.css';
import { LoadError } from '../ui/load-error.js';
import { pageTitle, PRODUCT_NOT_FOUND_TITLE } from '../../seo/titles.js';

const SHOP = { pathname: '/', hash: '#plants' };

function BackToShop({ className = 'back-link' }: { readonly className?: string }) {
  return (
    <Link to={SHOP} className={className}>
      <ArrowLeftIcon width={18} height={18} />
      Back to Shop
    </Link>
  );
}

/** The product page's content for an id from the address: loading, not found, error or the product. */
export function ProductPage({ id }: { readonly id: string | undefined }) {
  const { data: product, error, isLoading, isValidating, mutate } = useProduct(id);

  if (isLoading) {
    return (
      <div className="container product-page" aria-busy="true">
        <BackToShop />
        <p className="state-message product-page__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading plant...
        </p>
        <div className="product-detail product-detail--skeleton" aria-hidden="true">
          <div className="gallery__main" />
          <div className="product-detail__info">
            <span className="skeleton-line skeleton-line--short" />
            <span className="skeleton-line skeleton-line--title" />
            <span className="skeleton-line" />
            <span className="skeleton-line" />
          </div>
        </div>
      </div>
    );
  }

  if (!id || error?.status === 404) {
    return (
      <div className="container product-page">
        <title>{PRODUCT_NOT_FOUND_TITLE}</title>
        <div className="state-panel product-missing">
          <h1 className="state-panel__title product-missing__title">Product not found</h1>
          <p>This plant is not in our shop, or it is no longer available.</p>
          <BackToShop className="button button--primary" />
        </div>
      </div>
    );
  }

  if (error || !product) {
    return (
      <div className="container product-page">
        <BackToShop />
        <LoadError what="this plant" onRetry={() => void mutate()} retrying={isValidating} />
      </div>
    );
  }

  return (
    <div className="container product-page">
      <title>{pageTitle(product.name)}</title>
      <BackToShop />
      {/* A new product starts from quantity 1 and the first image. */}
      <ProductDetail key={product.id} product={product} />
    </div>
  );
}
