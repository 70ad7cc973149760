import { DISCOUNT_TIERS, discountPercentLabel, discountTierFor, discountTierLabel } from '@jalaj/commerce';
import { useState } from 'react';
import { Dialog } from '../ui/dialog.js';
import { PercentIcon } from '../ui/icons.js';
import './cart.css';

/** Props of {@link DiscountsDialog}. */
export interface DiscountsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** A quantity whose tier is highlighted (the product page's picker); none when absent or not a positive whole number. */
  readonly quantity?: number;
}

const tierOf = (quantity: number | undefined) =>
  quantity !== undefined && Number.isSafeInteger(quantity) && quantity >= 1 ? discountTierFor(quantity) : null;

/** The Discounts dialog: the volume discount tiers of spec §9, from commerce's `DISCOUNT_TIERS`. */
export function DiscountsDialog({ open, onClose, quantity }: DiscountsDialogProps) {
  const current = tierOf(quantity);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Bulk Discounts"
      description="Buy more of the same plant and every one of them costs less. The discount depends on the quantity of each plant."
      size="small"
    >
      <table className="discount-table">
        <caption className="sr-only">Discount by quantity of one plant</caption>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Discount</th>
          </tr>
        </thead>
        <tbody>
          {DISCOUNT_TIERS.map((tier) => {
            const isCurrent = tier === current;
            return (
              <tr key={tier.minQuantity} className={isCurrent ? 'discount-table__current' : undefined} aria-current={isCurrent ? 'true' : undefined}>
                <th scope="row">
                  {discountTierLabel(tier)}
                  {isCurrent ? <span className="discount-table__marker">Your quantity</span> : null}
                </th>
                <td className={tier.percent > 0 ? 'discount-table__off' : undefined}>{discountPercentLabel(tier)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="dialog__actions discount-table__actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          Got it
        </button>
      </div>
    </Dialog>
  );
}

/** Props of {@link DiscountsButton}. */
export interface DiscountsButtonProps {
  /** Passed to the dialog to highlight a tier. */
  readonly quantity?: number;
  readonly className?: string;
}

/** The Discounts button with its dialog. */
export function DiscountsButton({ quantity, className = 'button button--outline' }: DiscountsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <PercentIcon width={18} height={18} />
        Discounts
      </button>
      <DiscountsDialog open={open} onClose={() => setOpen(false)} quantity={quantity} />
    </>
  );
}
