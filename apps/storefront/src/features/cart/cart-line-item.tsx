import { CART_MESSAGES, formatDiscountNudge, formatRupees, insufficientStockMessage, nextDiscountTier } from '@jalaj/commerce';
import type { CartLine } from '@jalaj/contracts';
import { Link } from 'react-router-dom';
import { ProductImage } from '../catalog/product-image.js';
import { TrashIcon } from '../ui/icons.js';
import { QuantityStepper } from './quantity-stepper.js';
import './cart.css';

/** Props of {@link CartLineItem}. */
export interface CartLineItemProps {
  readonly line: CartLine;
  /** `edit` on the cart page (stepper and remove), `review` in checkout mode (read-only). */
  readonly mode: 'edit' | 'review';
  /** A change of this line is being saved. */
  readonly busy?: boolean;
  readonly onSetQuantity?: (line: CartLine, quantity: number) => void;
  readonly onRemove?: (line: CartLine) => void;
}

/** Why a line cannot be bought as it is, or `null` when it can. */
export function lineProblem(line: CartLine): string | null {
  if (line.product === null) return 'This plant is no longer sold. Please remove it from your cart.';
  if (line.product.stockQuantity <= 0) return CART_MESSAGES.outOfStockText;
  if (line.quantity > line.product.stockQuantity) return insufficientStockMessage(line.product.stockQuantity);
  return null;
}

/**
 * One cart line: image, name (to the product page), unit price and, with a
 * volume discount, the discounted price; the quantity stepper (bounded by the
 * stock) and Remove; the line total and its savings. Every amount is the server's.
 */
export function CartLineItem({ line, mode, busy = false, onSetQuantity, onRemove }: CartLineItemProps) {
  const { product } = line;
  const name = product?.name ?? 'Unavailable plant';
  const titleId = `cart-line-${line.id}`;
  const problem = lineProblem(line);
  const next = problem === null ? nextDiscountTier(line.quantity) : null;
  const nudge = next && product && line.quantity + next.additionalQuantity <= product.stockQuantity ? formatDiscountNudge(next) : null;

  return (
    <article className={problem ? 'cart-line cart-line--problem' : 'cart-line'} aria-labelledby={titleId} aria-busy={busy}>
      <div className="cart-line__media">
        {/* The name beside it says what it shows. */}
        <ProductImage
          url={product?.imageUrl ?? undefined}
          alt=""
          className="cart-line__image"
          variant="thumb"
          srcSetVariants={['thumb', 'card']}
          sizes="96px"
          width={200}
          height={200}
        />
      </div>

      <div className="cart-line__info">
        <h3 id={titleId} className="cart-line__name">
          {product ? (
            <Link to={`/product/${encodeURIComponent(line.productId)}`} className="cart-line__link">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {product ? (
          <p className="cart-line__unit">
            {line.discountPercent > 0 ? (
              <>
                <s className="cart-line__was">
                  <span className="sr-only">Unit price </span>
                  {formatRupees(product.pricePaise)}
                </s>{' '}
                <span className="cart-line__now">
                  <span className="sr-only">, now </span>
                  {formatRupees(line.discountedUnitPricePaise)}
                </span>{' '}
                each <span className="badge badge--green cart-line__off">{line.discountPercent}% off</span>
              </>
            ) : (
              <>
                <span className="cart-line__now">
                  <span className="sr-only">Unit price </span>
                  {formatRupees(line.discountedUnitPricePaise)}
                </span>{' '}
                each
              </>
            )}
          </p>
        ) : null}
        {problem ? (
          <p className="cart-line__problem">{problem}</p>
        ) : nudge && mode === 'edit' ? (
          <p className="cart-line__nudge">{nudge}</p>
        ) : null}
      </div>

      <div className="cart-line__controls">
        {mode === 'edit' && product && product.stockQuantity > 0 ? (
          <QuantityStepper
            value={line.quantity}
            max={product.stockQuantity}
            itemName={name}
            busy={busy}
            onChange={(quantity) => onSetQuantity?.(line, quantity)}
          />
        ) : (
          <p className="cart-line__qty">Qty: {line.quantity}</p>
        )}
        {mode === 'edit' ? (
          <button
            type="button"
            className="icon-button icon-button--danger cart-line__remove"
            aria-label={`Remove ${name} from cart`}
            title="Remove"
            aria-disabled={busy}
            onClick={() => !busy && onRemove?.(line)}
          >
            <TrashIcon width={18} height={18} />
          </button>
        ) : null}
      </div>

      <div className="cart-line__totals">
        {product ? (
          <>
            <p className="cart-line__total">
              <span className="sr-only">Line total </span>
              {formatRupees(line.lineTotalPaise)}
            </p>
            {line.savingsPaise > 0 ? <p className="cart-line__saving">You save {formatRupees(line.savingsPaise)}</p> : null}
          </>
        ) : null}
      </div>
    </article>
  );
}
