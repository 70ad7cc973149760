import { DEFAULT_ADD_QUANTITY } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { useCallback } from 'react';
import { hasProductFilters, useProducts } from '../../api/products.js';
import { useAddToCart } from '../cart/use-add-to-cart.js';
import { ProductCard } from './product-card.js';
import { ProductFiltersBar } from './product-filters.js';
import { useProductFilters } from './use-product-filters.js';
import './catalog.css';
import { LoadError } from '../ui/load-error.js';

const SKELETON_CARDS = 4;

const countPlants = (n: number) => `${n} ${n === 1 ? 'plant' : 'plants'}`;

/**
 * The Featured Plants section (id `plants`): the search and filters, then
 * loading, error, empty and the product grid.
 */
export function FeaturedPlants() {
  const { filters, searchText, setSearchText, applySearch, setFilter, clear } = useProductFilters();
  const { data, error, isLoading, isValidating, mutate } = useProducts(filters);
  const addToCart = useAddToCart();
  const filtered = hasProductFilters(filters);

  // Spec §4: the landing page adds quantity 1, without the toast but with the added-to-cart dialog.
  const onAddToCart = useCallback(
    // Issue #6: the landing page adds one with a toast and no dialog.
    (product: Product) => void addToCart(product, DEFAULT_ADD_QUANTITY, { showToast: true, showDialog: false }),
    [addToCart],
  );

  return (
    <section id="plants" className="section" aria-labelledby="plants-title" aria-busy={isValidating} tabIndex={-1}>
      <div className="container">
        <header className="section__header">
          <h2 id="plants-title" className="section__title">
            Featured Plants
          </h2>
          <p className="section__lead">Foreground carpets, midground accents and background stems, ready for your tank.</p>
        </header>

        <ProductFiltersBar
          filters={filters}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearchSubmit={applySearch}
          onFilterChange={setFilter}
        />

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
        ) : error ? (
          <LoadError what="the plants" onRetry={() => void mutate()} retrying={isValidating} />
        ) : !data || data.items.length === 0 ? (
          filtered ? (
            <div className="state-panel" role="status">
              <p className="state-panel__title">No plants match your filters</p>
              <p>Try another name, or fewer filters.</p>
              <button type="button" className="button button--primary" onClick={clear}>
                Clear filters
              </button>
            </div>
          ) : (
            <div className="state-panel">
              <p className="state-panel__title">No plants available right now.</p>
              <p>New plants are on their way. Please check back soon.</p>
            </div>
          )
        ) : (
          <>
            <div className="plant-results">
              <p className="plant-results__count" role="status">
                {filtered ? `${countPlants(data.items.length)} ${data.items.length === 1 ? 'matches' : 'match'} your filters` : countPlants(data.items.length)}
                {isValidating ? <span className="spinner plant-results__spinner" aria-hidden="true" /> : null}
              </p>
              {filtered ? (
                <button type="button" className="link-button" onClick={clear}>
                  Clear filters
                </button>
              ) : null}
            </div>
            <ul className={isValidating ? 'product-grid product-grid--stale' : 'product-grid'}>
              {data.items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} onAddToCart={onAddToCart} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
