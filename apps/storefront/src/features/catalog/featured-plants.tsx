import { useProducts } from '../../api/products.js';
import { useAddToCart } from '../cart/use-add-to-cart.js';
import { RefreshIcon } from '../ui/icons.js';
import { ProductCard } from './product-card.js';

const SKELETON_CARDS = 4;

/** The Featured Plants section (id `plants`): loading, error, empty and the product grid. */
export function FeaturedPlants() {
  const { data, error, isLoading, isValidating, mutate } = useProducts();
  const addToCart = useAddToCart();

  return (
    <section id="plants" className="section" aria-labelledby="plants-title" aria-busy={isLoading} tabIndex={-1}>
      <div className="container">
        <header className="section__header">
          <h2 id="plants-title" className="section__title">
            Featured Plants
          </h2>
          <p className="section__lead">Foreground carpets, midground accents and background stems, ready for your tank.</p>
        </header>

        {isLoading ? (
          <>
            <p className="state-message" role="status">
              <span className="spinner" aria-hidden="true" />
              Loading plants...
            </p>
            <ul className="product-grid" aria-hidden="true">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <li key={i} className="product-card product-card--skeleton">
                  <div className="product-card__media" />
                  <div className="product-card__body">
                    <span className="skeleton-line skeleton-line--title" />
                    <span className="skeleton-line" />
                    <span className="skeleton-line skeleton-line--short" />
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : error && !data ? (
          <div className="state-panel state-panel--error" role="alert">
            <p className="state-panel__title">We couldn't load the plants.</p>
            <p>Please check your connection and try again.</p>
            <button type="button" className="button button--primary" onClick={() => void mutate()} disabled={isValidating}>
              <RefreshIcon width={18} height={18} />
              {isValidating ? 'Retrying...' : 'Try Again'}
            </button>
          </div>
        ) : !data || data.items.length === 0 ? (
          <div className="state-panel">
            <p className="state-panel__title">No plants available right now.</p>
            <p>New plants are on their way. Please check back soon.</p>
          </div>
        ) : (
          <ul className="product-grid">
            {data.items.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} onAddToCart={addToCart} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
