import type { ProductSummary } from '@jalaj/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../toast/toast-provider.js';

/**
 * The landing page's Add to Cart action. Sign-in does not exist yet, so every
 * visitor is signed out and the action asks them to sign in (spec §5, Add to
 * cart); the signed-in path is added together with the cart API.
 */
export function useAddToCart(): (product: ProductSummary) => void {
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (_product: ProductSummary) => {
      toast({ title: 'Please sign in', description: 'You need to be signed in to add items to cart' });
      void navigate('/auth');
    },
    [toast, navigate],
  );
}
