import { SHIPPING_QUOTE_TEXTS } from '@jalaj/commerce';
import type { Cart } from '@jalaj/contracts';
import { useSession } from '@jalaj/web-kit';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type AddressPayload, useAddresses } from '../../api/addresses.js';
import { type OpenPayment, useShippingQuote } from '../../api/checkout.js';
import { AddressFormDialog } from '../addresses/address-form-dialog.js';
import { useCreateAddress } from '../addresses/use-create-address.js';
import { CartSummary } from '../cart/cart-summary.js';
import { useToast } from '../toast/toast-provider.js';
import { AddressSelector } from './address-selector.js';
import { OpenPaymentPanel } from './open-payment.js';
import {
  type AddressPurpose,
  type AddressSelection,
  chooseBilling,
  chooseShipping,
  EMPTY_SELECTION,
  followShippingForBilling,
  payableTotalPaise,
  reconcileSelection,
  rememberedSelection,
  rememberSelection,
  selectAdded,
  selectionOfPayment,
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
  /** The shopper's payment waiting at PhonePe: null when none, undefined while it is asked. */
  readonly payment: OpenPayment | null | undefined;
}

/** The tab's session storage, when the browser lets the page have it. */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Checkout mode of `/cart` below the banner: the shopper's payment waiting at PhonePe, if
 * any; the address selector and the lines, then the order summary with the shipping charge
 * of the chosen address (the server's quote) and the payment card. A quote that could not
 * be had is said so, with Try again, and Pay waits for it: the card never shows less than
 * will be charged. The address choice is kept for the tab: back from PhonePe or after a
 * reload it is what the shopper chose (else the waiting payment's, else the defaults).
 */
export function CheckoutView({ cart, lines, blockedReason, payment }: CheckoutViewProps) {
  const { status, user } = useSession();
  const userId = user?.id ?? null;
  const { data, error, isLoading, isValidating, mutate } = useAddresses(status === 'signed-in');
  const addresses = data?.items;
  const createAddress = useCreateAddress();
  const toast = useToast();
  const [selection, setSelection] = useState<AddressSelection>(EMPTY_SELECTION);
  const [adding, setAdding] = useState<AddressPurpose | null>(null);

  // The first list seen starts from the choice kept for this tab, else the waiting
  // payment's, else the flagged defaults; afterwards only vanished choices go. Until then
  // the choices show as loading: a click before would be lost to the kept choice. Before the
  // browser paints: a phone would otherwise draw every choice for a frame, then the chosen
  // ones compactly, and the page below would jump (layout shift, issue #40).
  const started = useRef(false);
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    if (!addresses || payment === undefined || userId === null) return;
    if (started.current) {
      setSelection((current) => reconcileSelection(addresses, current, false));
      return;
    }
    started.current = true;
    setReady(true);
    const kept = rememberedSelection(tabStorage(), userId) ?? (payment ? selectionOfPayment(payment) : null);
    setSelection(kept ? reconcileSelection(addresses, kept, false) : reconcileSelection(addresses, EMPTY_SELECTION, true));
  }, [addresses, payment, userId]);

  /** A choice of the shopper's: shown, and kept for the tab. */
  const choose = (change: (current: AddressSelection) => AddressSelection) =>
    setSelection((current) => {
      const next = change(current);
      if (userId !== null) rememberSelection(tabStorage(), userId, next);
      return next;
    });

  useEffect(() => {
    if (error) toast({ title: 'Failed to load addresses', tone: 'error' });
  }, [error, toast]);

  const shippingAddress = addresses?.find((a) => a.id === selection.shippingId) ?? null;
  const quote = useShippingQuote(shippingAddress?.postalCode ?? null);
  const shipping = shippingState(shippingAddress !== null, { paise: quote.data?.shippingPaise, failed: quote.error !== undefined && !quote.isValidating });
  const shippingWait = shippingBlockReason(shipping);
  const { state, pay } = usePay(cart, selection, payment ?? null);

  async function add(payload: AddressPayload) {
    const purpose = adding ?? 'shipping';
    const created = await createAddress(payload);
    setAdding(null);
    await mutate((list) => (list && !list.items.some((a) => a.id === created.id) ? { ...list, items: [created, ...list.items] } : list), { revalidate: true });
    choose((current) => selectAdded(current, created, purpose));
  }

  const onPay = () => {
    if (blockedReason) toast({ title: CART_NEEDS_CHANGE_TITLE, description: blockedReason, tone: 'error' });
    else if (shippingWait) toast({ title: SHIPPING_QUOTE_TEXTS.blockedTitle, description: shippingWait, tone: 'error' });
    else pay();
  };

  return (
    <div className="cart-layout">
      <div className="checkout-main">
        {payment ? <OpenPaymentPanel payment={payment} /> : null}
        <AddressSelector
          addresses={addresses}
          loading={status === 'signed-in' && (isLoading || (addresses !== undefined && !ready))}
          failed={!addresses && error !== undefined}
          retrying={isValidating}
          onRetry={() => void mutate()}
          selection={selection}
          onChooseShipping={(id) => choose((current) => chooseShipping(current, id))}
          onChooseBilling={(id) => choose((current) => chooseBilling(current, id))}
          onBillingSameAsShipping={(same) => choose((current) => followShippingForBilling(current, same))}
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
