/** Toast titles and texts that block the start of a payment (spec §5), word for word. */
export const CHECKOUT_MESSAGES = Object.freeze({
  cartEmptyTitle: 'Cart is empty',
  cartEmptyText: 'Please add items to your cart before proceeding to payment',
  shippingAddressRequiredTitle: 'Shipping address required',
  shippingAddressRequiredText: 'Please select a shipping address before proceeding to payment',
  billingAddressRequiredTitle: 'Billing address required',
  billingAddressRequiredText: 'Please select a billing address before proceeding to payment',
  paymentErrorTitle: 'Payment Error',
  paymentErrorFallback: 'Failed to initiate payment',
});

/** Why a payment cannot start. */
export type PaymentBlockCode = 'CART_EMPTY' | 'SHIPPING_ADDRESS_REQUIRED' | 'BILLING_ADDRESS_REQUIRED';

/** The outcome of {@link checkPaymentStart}. */
export type PaymentStartDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: PaymentBlockCode; readonly title: string; readonly message: string };

/**
 * Decides whether the pay button may start a payment, checking in the order
 * of the spec so the shopper sees the most basic problem first.
 *
 * @param input - The cart's item count, and for each address whether the
 *   checkout expects one and which one is selected (null/undefined when none).
 * @returns `{ ok: true }` or the blocking reason with its toast.
 */
export function checkPaymentStart(input: {
  readonly itemCount: number;
  readonly shippingAddressRequired: boolean;
  readonly shippingAddressId?: string | null;
  readonly billingAddressRequired: boolean;
  readonly billingAddressId?: string | null;
}): PaymentStartDecision {
  if (!(input.itemCount > 0)) {
    return { ok: false, code: 'CART_EMPTY', title: CHECKOUT_MESSAGES.cartEmptyTitle, message: CHECKOUT_MESSAGES.cartEmptyText };
  }
  if (input.shippingAddressRequired && !input.shippingAddressId) {
    return {
      ok: false,
      code: 'SHIPPING_ADDRESS_REQUIRED',
      title: CHECKOUT_MESSAGES.shippingAddressRequiredTitle,
      message: CHECKOUT_MESSAGES.shippingAddressRequiredText,
    };
  }
  if (input.billingAddressRequired && !input.billingAddressId) {
    return {
      ok: false,
      code: 'BILLING_ADDRESS_REQUIRED',
      title: CHECKOUT_MESSAGES.billingAddressRequiredTitle,
      message: CHECKOUT_MESSAGES.billingAddressRequiredText,
    };
  }
  return { ok: true };
}
