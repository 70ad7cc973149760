import { addToCartButtonLabel, categoryLabel, DEFAULT_ADD_QUANTITY } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { useState } from 'react';
import { DiscountsDialog } from '../cart/discounts-dialog.js';
import { NotifyMe } from '../catalog/notify-me.js';
import { useAddToCart } from '../cart/use-add-to-cart.js';
import { CartIcon } from '../ui/icons.js';
import { CheckDelivery } from './check-delivery.js';
import { DiscountNudge } from './discount-nudge.js';
import { PlantInfoCard } from './plant-info-card.js';
import { PriceSummary } from './price-summary.js';
import { ProductGallery } from './product-gallery.js';
import { QuantityPicker } from './quantity-picker.js';

/** Everything the product page shows about one plant, the way to buy it (or to hear when it is back), and what delivery costs. */
export function ProductDetail({ product }: { readonly product: Product }) {
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(DEFAULT_ADD_QUANTITY);
  const [adding, setAdding] = useState(false);
  const [discountsOpen, setDiscountsOpen] = useState(false);
  const inStock = product.stockQuantity > 0;

  const add = async () => {
    setAdding(true);
    try {
      await addToCart(product, quantity, { showToast: true, showDialog: true, signedOutPrompt: 'product' });
    } finally {
      setAdding(false);
    }
  };

  return (
    <article className="product-detail">
      <ProductGallery name={product.name} imageUrls={product.imageUrls} />

      <div className="product-detail__info">
        <p>
          <span className="badge badge--green product-detail__category">{categoryLabel(product.category)}</span>
        </p>
        <h1 className="product-detail__name">{product.name}</h1>
        <p className="product-detail__description">{product.description}</p>

        <div className="purchase panel">
          <PriceSummary unitPricePaise={product.pricePaise} quantity={quantity} />

          <div className="purchase__row">
            <QuantityPicker value={quantity} max={product.stockQuantity} onChange={setQuantity} disabled={!inStock} />
            <p className={inStock ? 'purchase__stock' : 'purchase__stock purchase__stock--out'}>
              {inStock ? `${product.stockQuantity} in stock` : 'Out of stock'}
            </p>
          </div>

          {inStock ? <DiscountNudge quantity={quantity} stock={product.stockQuantity} /> : null}

          <div className="purchase__actions">
            {inStock ? (
              <button type="button" className="button button--primary purchase__add" onClick={() => void add()} disabled={adding} aria-busy={adding}>
                <CartIcon width={20} height={20} />
                {addToCartButtonLabel(quantity)}
              </button>
            ) : (
              <NotifyMe product={product} signedOutPrompt="product" className="purchase__add" />
            )}
            <button type="button" className="button button--outline" onClick={() => setDiscountsOpen(true)} aria-haspopup="dialog">
              <PercentIcon />
              Discounts
            </button>
          </div>
        </div>

        <CheckDelivery />

        <PlantInfoCard product={product} />
      </div>

      <DiscountsDialog open={discountsOpen} onClose={() => setDiscountsOpen(false)} quantity={quantity} />
    </article>
  );
}

function PercentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M19 5 5 19" />
      <circle cx="6.5" cy="6.5" r="2.5" />
      <circle cx="17.5" cy="17.5" r="2.5" />
    </svg>
  );
}
