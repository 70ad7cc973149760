import { formatDiscountNudge, nextDiscountTier } from '@jalaj/commerce';
import { useEffect, useState } from 'react';

/** How long the nudge stays after the quantity changes (spec §2, Product detail). */
export const NUDGE_DURATION_MS = 4000;

interface DiscountNudgeProps {
  readonly quantity: number;
  /** The stock: a tier that needs more than this cannot be reached, so it is not offered. */
  readonly stock: number;
}

/**
 * 'Add N more to get X% off' for 4 seconds after the page opens and after
 * each change of quantity, while a higher tier is within the stock. The live
 * region stays in place (and keeps its height) so the text is announced and
 * the button below does not jump.
 */
export function DiscountNudge({ quantity, stock }: DiscountNudgeProps) {
  const [shownFor, setShownFor] = useState<number | null>(quantity);

  useEffect(() => {
    setShownFor(quantity);
    const timer = setTimeout(() => setShownFor(null), NUDGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [quantity]);

  const next = nextDiscountTier(quantity);
  const text = shownFor === quantity && next && quantity + next.additionalQuantity <= stock ? formatDiscountNudge(next) : null;

  return (
    <p className={text ? 'discount-nudge discount-nudge--shown' : 'discount-nudge'} role="status">
      {text}
    </p>
  );
}
