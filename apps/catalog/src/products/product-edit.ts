import { appError, MAX_INT4, type AppError, type AdminProduct } from '@jalaj/contracts';

/** What the form sent about the product it loaded, and the stock typed. */
export type ProductEdit = { readonly version: number; readonly loadedStockQuantity: number; readonly stockQuantity: number };

/**
 * Decides a product save (issue #38). A save over another version than the product's is
 * refused: someone else saved the product after the form loaded it, and the admin must
 * see that product before changing it. Sales do not raise the version (they change only
 * the stock, by guarded statements outside the ORM), so they never refuse a save; the
 * stock typed is instead a change from the stock the form loaded, applied to the stock as
 * it is now, so what sold meanwhile stays sold. A change that would leave less than 0 is
 * refused, as one that would leave more than the column holds.
 *
 * @param current - The product as it is, under the update's row lock.
 * @param edit - The version and stock the form loaded, and the stock typed.
 * @returns The stock to save, or the refusal (a stale save's carries the product as it is).
 */
export function decideProductEdit(current: AdminProduct, edit: ProductEdit): { ok: true; stockQuantity: number } | { ok: false; error: AppError } {
  if (edit.version !== current.version) return { ok: false, error: appError('PRODUCT_CHANGED', { product: current }) };
  const change = edit.stockQuantity - edit.loadedStockQuantity;
  const stockQuantity = current.stockQuantity + change;
  if (stockQuantity < 0) return { ok: false, error: appError('PRODUCT_STOCK_BELOW_ZERO', { productId: current.id, stockQuantity: current.stockQuantity, change }) };
  if (stockQuantity > MAX_INT4) return { ok: false, error: { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'stockQuantity', message: `The stock cannot be more than ${MAX_INT4}.` }] } };
  return { ok: true, stockQuantity };
}
