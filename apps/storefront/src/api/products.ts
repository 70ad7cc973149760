import type { ProductSummary } from '@jalaj/contracts';
import { useApi } from '@jalaj/web-kit';

/** `GET /api/products`: every product on sale, oldest first. */
export const PRODUCTS_PATH = '/api/products';

/** The reply of {@link PRODUCTS_PATH}. */
export interface ProductList {
  readonly items: ProductSummary[];
}

/** The products shown in the Featured Plants grid. */
export function useProducts() {
  return useApi<ProductList>(PRODUCTS_PATH);
}
