import { SHIPPING_QUOTE_TEXTS } from '@jalaj/commerce';
import type { Cart } from '@jalaj/contracts';
import { useSession } from '@jalaj/web-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type AddressPayload, useAddresses } from '../../api/addresses.js';
import { useShippingQuote } from '../../api/checkout.js';
import { AddressFormDialog } from '../addresses/address-form-dialog.js';
import { useCreateAddress } from '../addresses/use-create-address.js';
import { CartSummary } from '../cart/cart-summary.js';
import { useToast } from '../toast/toast-provider.js';
import { AddressSelector } from './address-selector.js';
import {
  type AddressPurpose,
  type AddressSelection,
  chooseBilling,
  chooseShipping,
  EMPTY_SELECTION,
  followShippingForBilling,
  payableTotalPaise,
  reconcileSelection,
  selectAdded,
  shippingBlockReason,
  shippingState,
} from './checkout-rules.js';
import { PaymentCard } from './payment-card.js';
import { CART_NEEDS_CHANGE_TITLE, usePay } from './use-pay.js';
import './checkout.css';

/** Props of {@link CheckoutView}. */
export interface CheckoutViewProps {
  readonly cart: Cart;
  /** The cart's lines, read-only, as the cart page renders them. */
  readonly lines: ReactNode;
  /** Why the cart cannot be paid as it is, if it cannot. */
  readonly blockedReason: string | null;
}

/**
 * Checkout mode of `/cart` below the banner: the address selector and the lines, then the
 * order summary with the shipping charge of the chosen address (the server's quote) and
 * the payment card. A quote that could not be had is said so, with Try again, and Pay
 * waits for it: the card never shows less than will be charged.
 */
export function CheckoutView({ cart, lines, blockedReason }: CheckoutViewProps) {
  const { status } = useSession();
  const { data, error, isLoading, isValidating, mutate } = useAddresses(status === 'signed-in');
  const addresses = data?.items;
  const createAddress = useCreateAddress();
  const toast = useToast();
  const [selection, setSelection] = useState<AddressSelection>(EMPTY_SELECTION);
  const [adding, setAdding] = useState<AddressPurpose | null>(null);

  // The flagged defaults apply to the first list seen; afterwards only vanished choices go.
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (!addresses) return;
    const applyDefaults = !defaultsApplied.current;
    defaultsApplied.current = true;
    setSelection((current) => reconcileSelection(addresses, current, applyDefaults));
  }, [addresses]);

  useEffect(() => {
    if (error) toast({ title: 'Failed to load addresses', tone: 'error' });
  }, [error, toast]);

  const shippingAddress = addresses?.find((a) => a.id === selection.shippingId) ?? null;
  const quote = useShippingQuote(shippingAddress?.postalCode ?? null);
  const shipping = shippingState(shippingAddress !== null, { paise: quote.data?.shippingPaise, failed: quote.error !== undefined && !quote.isValidating });
  const shippingWait = shippingBlockReason(shipping);
  const { state, pay } = usePay(cart, selection);

  async function add(payload: AddressPayload) {
    const purpose = adding ?? 'shipping';
    const created = await createAddress(payload);
    setAdding(null);
    await mutate((list) => (list && !list.items.some((a) => a.id === created.id) ? { ...list, items: [created, ...list.items] } : list), { revalidate: true });
    setSelection((current) => selectAdded(current, created, purpose));
  }

  const onPay = () => {
    if (blockedReason) toast({ title: CART_NEEDS_CHANGE_TITLE, description: blockedReason, tone: 'error' });
    else if (shippingWait) toast({ title: SHIPPING_QUOTE_TEXTS.blockedTitle, description: shippingWait, tone: 'error' });
    else pay();
  };

  return (
    <div className="cart-layout">
      <div className="checkout-main">
        <AddressSelector
          addresses={addresses}
          loading={status === 'signed-in' && isLoading}
          failed={!addresses && error !== undefined}
          retrying={isValidating}
          onRetry={() => void mutate()}
          selection={selection}
          onChooseShipping={(id) => setSelection((current) => chooseShipping(current, id))}
          onChooseBilling={(id) => setSelection((current) => chooseBilling(current, id))}
          onBillingSameAsShipping={(same) => setSelection((current) => followShippingForBilling(current, same))}
          onAdd={setAdding}
          disabled={state === 'redirecting'}
        />
        {lines}
      </div>
      <div className="checkout-aside">
        <CartSummary cart={cart} mode="review" shipping={shipping} onRetryShipping={() => void quote.mutate()} />
        <PaymentCard
          totalPaise={payableTotalPaise(cart.subtotalPaise, shipping)}
          itemCount={cart.itemCount}
          shipping={shipping.status}
          state={state}
          blockedReason={blockedReason ?? (shipping.status === 'failed' ? shippingWait : null)}
          onPay={onPay}
        />
      </div>
      <AddressFormDialog open={adding !== null} onClose={() => setAdding(null)} onSubmit={add} />
    </div>
  );
}
