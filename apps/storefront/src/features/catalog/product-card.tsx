import { formatRupees } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CartIcon } from '../ui/icons.js';
import { NotifyMe } from './notify-me.js';
import { ProductImage } from './product-image.js';

interface ProductCardProps {
  readonly product: Product;
  readonly onAddToCart: (product: Product) => void;
}

// One column on phones, two from 640 px, four (in a 1200 px container) from 1024 px.
const CARD_IMAGE_SIZES = '(min-width: 1024px) 290px, (min-width: 640px) 50vw, 100vw';

/**
 * One plant in the Featured Plants grid; a sold-out plant offers Notify Me in the place of
 * Add to Cart (issue #41). Drawn again only when its plant or action changes, not with every
 * keystroke in the search box above the grid.
 */
export const ProductCard = memo(function ProductCard({ product, onAddToCart }: ProductCardProps) {
  return (
    <article className="product-card">
      <div className="product-card__media">
        <ProductImage
          url={product.imageUrls[0]}
          alt={product.name}
          className="product-card__image"
          variant="card"
          srcSetVariants={['card', 'large']}
          sizes={CARD_IMAGE_SIZES}
          width={600}
          height={450}
        />
        {product.stockQuantity > 0 ? null : (
          <p className="product-card__sold-out">
            Sold out<span className="sr-only">: {product.name}</span>
          </p>
        )}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">{product.name}</h3>
        <p className="product-card__description">{product.description}</p>
        <p className="product-card__price">{formatRupees(product.pricePaise)}</p>
        <div className="product-card__actions">
          {/* The visible text starts the accessible name, which adds the product to tell the cards apart. */}
          {product.stockQuantity > 0 ? (
            <button type="button" className="button button--primary" aria-label={`Add to Cart: ${product.name}`} onClick={() => onAddToCart(product)}>
              <CartIcon width={18} height={18} />
              Add to Cart
            </button>
          ) : (
            <NotifyMe product={product} signedOutPrompt="landing" />
          )}
          <Link
            to={`/product/${encodeURIComponent(product.id)}`}
            className="button button--outline"
            aria-label={`View Details: ${product.name}`}
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
});
