import { CART_MESSAGES, DEFAULT_ADD_QUANTITY } from '@jalaj/commerce';
import { isApiError, useKnownSessionStatus } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCartApi, useCartCache } from '../../api/cart.js';
import { useToast } from '../toast/toast-provider.js';
import { openAddedToCartDialog } from './added-to-cart-dialog.js';
import { noticeToast, refusalToast } from './cart-toasts.js';

/** How an add to cart reports its success. */
export interface AddToCartOptions {
  /** Show the server's 'Added to Cart' / 'Updated Cart' toast; `true` by default. */
  showToast?: boolean;
  /** Open the added-to-cart dialog (View Cart, View Product, Continue); `false` by default. */
  showDialog?: boolean;
  /**
   * What a signed-out visitor is told (spec §8 Cart): on the landing page (the default)
   * 'Please sign in' and a move to /auth; on the product page 'Authentication Required',
   * staying on the plant.
   */
  signedOutPrompt?: 'landing' | 'product';
}

/** The product being added: only its id and name are needed. */
export interface AddToCartProduct {
  readonly id: string;
  readonly name: string;
}

/**
 * The Add to Cart action of the landing page and the product page (spec §4 Cart, §8).
 *
 * - Signed out: the toast 'Please sign in' and a move to /auth, or on the product page
 *   'Authentication Required' (see `signedOutPrompt`); resolves `false`.
 * - Otherwise the server adds (it checks the stock and sums with the existing
 *   line); its reply updates every cart view and, unless `showToast` is `false`,
 *   its notice, rendered with the catalogue, is the toast ('1 item successfully added to your cart').
 * - A refusal (409) shows its 'Out of Stock' / 'Insufficient Stock' title and
 *   text; any other failure 'Error' / 'Failed to add item to cart'. Both resolve `false`.
 * - With `showDialog`, the added-to-cart dialog opens after a successful add.
 *
 * @returns `(product, quantity = 1, options = { showToast: true, showDialog: false, signedOutPrompt: 'landing' }) => Promise<boolean>`;
 *   the promise never rejects.
 */
export function useAddToCart(): (product: AddToCartProduct, quantity?: number, options?: AddToCartOptions) => Promise<boolean> {
  // Read when the shopper adds, not subscribed to: the session restored after the page is
  // shown does not draw the grid of plants again (issue #40).
  const sessionStatus = useKnownSessionStatus();
  const api = useCartApi();
  const store = useCartCache();
  const toast = useToast();
  const navigate = useNavigate();

  return useCallback(
    async (product: AddToCartProduct, quantity: number = DEFAULT_ADD_QUANTITY, options: AddToCartOptions = {}) => {
      const { showToast = true, showDialog = false, signedOutPrompt = 'landing' } = options;
      const askToSignIn = () => {
        if (signedOutPrompt === 'product') {
          toast({ title: CART_MESSAGES.authRequiredTitle, description: CART_MESSAGES.authRequiredText });
          return false;
        }
        toast({ title: CART_MESSAGES.signInTitle, description: CART_MESSAGES.signInText });
        void navigate('/auth');
        return false;
      };
      // A click while the session is still being restored (right after a page load)
      // waits for it instead of taking the shopper for signed out.
      if ((await sessionStatus()) === 'signed-out') return askToSignIn();

      try {
        const change = await api.add(product.id, quantity);
        await store(change.cart);
        const dialogShown = showDialog && openAddedToCartDialog({ product, quantity });
        // Without a dialog to show, the toast is the only sign that the add worked.
        if (showToast || (showDialog && !dialogShown)) toast({ ...noticeToast(change), tone: 'success' });
        return true;
      } catch (error) {
        // The session ended (or was still being restored) without a valid token.
        if (isApiError(error) && error.status === 401) return askToSignIn();
        if (isApiError(error) && error.status === 409) {
          toast({ ...refusalToast(error), tone: 'error' });
          // The stock changed since the page was loaded: let every view show the cart as it is.
          await store();
        } else {
          toast({ title: CART_MESSAGES.errorTitle, description: CART_MESSAGES.addFailedText, tone: 'error' });
        }
        return false;
      }
    },
    [sessionStatus, api, store, toast, navigate],
  );
}
