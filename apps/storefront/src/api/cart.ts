import { apiPath, type Cart, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';

/** `GET /api/cart` (and `DELETE` to clear): the signed-in shopper's cart; also the SWR key every cart view shares. */
export const CART_PATH = apiPath('cart.get');

/** The cart of a signed-out visitor, and of a shopper who has added nothing yet. */
export const EMPTY_CART: Cart = Object.freeze({ lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 });

/** The reply of every cart change: the whole cart afterwards and the toast to show for it (spec §8). */
export type CartChange = HttpResponse<'cart.addItem'>;

/**
 * The signed-in shopper's cart, as the server computed it.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useCartResource(enabled: boolean) {
  return useRoute('cart.get', enabled ? {} : null);
}

/**
 * Stores a cart the server just answered with under {@link CART_PATH}, so the
 * header badge and every other cart view show it without another request.
 *
 * @returns Call it with the reply's cart; call it without one to reload the cart from the server.
 */
export function useCartCache(): (cart?: Cart) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (cart?: Cart) => {
      if (cart) await mutate(CART_PATH, cart, { revalidate: false });
      // A failed reload lands in the SWR entry's error, which the cart views report.
      else await mutate(CART_PATH).catch(() => undefined);
    },
    [mutate],
  );
}

/** Cart changes; each resolves with {@link CartChange} and rejects with an ApiError (409 for stock refusals). */
export interface CartApi {
  /** `POST /api/cart/items`: adds to the product's line, or makes one. */
  add(productId: string, quantity: number): Promise<CartChange>;
  /** `PATCH /api/cart/items/:id`: sets the line's quantity; 0 or less removes it. */
  setQuantity(lineId: string, quantity: number): Promise<CartChange>;
  /** `DELETE /api/cart/items/:id`. */
  remove(lineId: string): Promise<CartChange>;
  /** `DELETE /api/cart`: removes every line. */
  clear(): Promise<CartChange>;
}

/** The cart calls, bound to the app's API client. */
export function useCartApi(): CartApi {
  const client = useApiClient();
  return useMemo<CartApi>(
    () => ({
      add: (productId, quantity) => callRoute(client, 'cart.addItem', { body: { productId, quantity } }),
      setQuantity: (lineId, quantity) => callRoute(client, 'cart.updateItem', { params: { id: lineId }, body: { quantity } }),
      remove: (lineId) => callRoute(client, 'cart.removeItem', { params: { id: lineId } }),
      clear: () => callRoute(client, 'cart.clear'),
    }),
    [client],
  );
}
