import { CART_MESSAGES } from '@jalaj/commerce';
import type { Cart, CartLine } from '@jalaj/contracts';
import { type ApiError, isApiError, useSession } from '@jalaj/web-kit';
import { useCallback, useEffect, useMemo } from 'react';
import { EMPTY_CART, useCartApi, useCartCache, useCartResource } from '../../api/cart.js';
import { useToast } from '../toast/toast-provider.js';
import { noticeToast, refusalToast } from './cart-toasts.js';

/** What {@link useCart} reports. */
export interface CartState {
  /** The cart as the server computed it; {@link EMPTY_CART} when signed out or not loaded (yet). */
  readonly cart: Cart;
  /** Whether the cart is not known yet: the session is being restored or the first load runs. */
  readonly isLoading: boolean;
  /** Whether a reload is under way. */
  readonly isValidating: boolean;
  /** A load failure that is shown (never 401/403, which read as an empty cart), when no cart is at hand. */
  readonly error: ApiError | undefined;
  /** Loads the cart from the server again. */
  readonly reload: () => Promise<void>;
}

// Spec §6: a permission-denied answer while loading the cart is silently ignored.
const isSilentLoadFailure = (error: ApiError) => error.status === 401 || error.status === 403;

// Every view of the cart (header badge, cart page…) shares one SWR entry and so one
// error object: each failed load is reported once, not once per view.
const reportedLoadFailures = new WeakSet<ApiError>();

/**
 * The signed-in shopper's cart, shared by every component that shows it: all of
 * them read one SWR entry, so each change (stored with the server's reply) updates
 * the header badge and the cart page at once, without a reload. Signed out, the
 * cart is empty and nothing is fetched. A failed load other than 401/403 shows
 * the toast 'Unable to load cart' once.
 */
export function useCart(): CartState {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const { data, error, isLoading, isValidating, mutate } = useCartResource(signedIn);
  const toast = useToast();
  const shownError = error && !isSilentLoadFailure(error) ? error : undefined;

  useEffect(() => {
    if (!shownError || reportedLoadFailures.has(shownError)) return;
    reportedLoadFailures.add(shownError);
    toast({ title: CART_MESSAGES.loadFailedTitle, description: CART_MESSAGES.loadFailedText, tone: 'error' });
  }, [shownError, toast]);

  const reload = useCallback(async () => {
    await mutate();
  }, [mutate]);

  return useMemo<CartState>(
    () => ({
      cart: signedIn && data ? data : EMPTY_CART,
      isLoading: status === 'loading' || (signedIn && isLoading),
      isValidating,
      error: data ? undefined : shownError,
      reload,
    }),
    [signedIn, data, status, isLoading, isValidating, shownError, reload],
  );
}

/** The changes a shopper makes on the cart page; each resolves `true` when the server accepted it. */
export interface CartActions {
  /** Sets a line's quantity (0 or less removes it); a refusal shows the server's reason. */
  setQuantity(line: CartLine, quantity: number): Promise<boolean>;
  /** Removes a line. */
  remove(line: CartLine): Promise<boolean>;
  /** Removes every line. */
  clear(): Promise<boolean>;
}

/**
 * The cart page's changes, with the toasts of spec §8. The server is asked
 * first; the cart shown is then replaced by the one it answered with.
 */
export function useCartActions(): CartActions {
  const api = useCartApi();
  const store = useCartCache();
  const toast = useToast();

  return useMemo<CartActions>(() => {
    const fail = async (error: unknown, text: string) => {
      // A refusal (409) reads as the catalogue's title and text for its code, e.g. 'Insufficient Stock'.
      if (isApiError(error) && error.status === 409) {
        toast({ ...refusalToast(error), tone: 'error' });
      } else {
        toast({ title: CART_MESSAGES.errorTitle, description: text, tone: 'error' });
      }
      // The stock or the line may have changed elsewhere: show the cart as it is now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) await store();
      return false;
    };

    return {
      async setQuantity(line, quantity) {
        try {
          const change = await api.setQuantity(line.id, quantity);
          await store(change.cart);
          // A quantity of 0 removed the line; a plain change speaks through the live totals instead of a toast.
          if (change.notice.code === 'CART_ITEM_REMOVED') toast({ ...noticeToast(change), tone: 'success' });
          return true;
        } catch (error) {
          return fail(error, CART_MESSAGES.updateFailedText);
        }
      },
      async remove(line) {
        try {
          const change = await api.remove(line.id);
          await store(change.cart);
          toast({ ...noticeToast(change), tone: 'success' });
          return true;
        } catch (error) {
          return fail(error, CART_MESSAGES.removeFailedText);
        }
      },
      async clear() {
        try {
          const change = await api.clear();
          await store(change.cart);
          toast({ ...noticeToast(change), tone: 'success' });
          return true;
        } catch (error) {
          return fail(error, CART_MESSAGES.clearFailedText);
        }
      },
    };
  }, [api, store, toast]);
}
