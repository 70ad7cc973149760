/**
 * Back-in-stock alerts (issue #41): the words of Notify Me on the storefront, of the mail
 * and of the admin's count, in one place.
 */
export const STOCK_ALERT_MESSAGES = Object.freeze({
  notifyMe: 'Notify Me',
  notified: 'You will be notified',
  /** The toast after Notify Me. */
  setTitle: 'Back-in-stock alert set',
  setText: 'We will email you when it is back in stock.',
  cancel: 'Cancel alert',
  cancelledTitle: 'Alert cancelled',
  cancelledText: 'We will not email you about this plant.',
  /** A signed-out press on the product page (as Add to Cart's 'Authentication Required'). */
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please sign in to be notified when it is back in stock',
  /** A signed-out press on the landing page (as Add to Cart's 'Please sign in', then /auth). */
  signInTitle: 'Please sign in',
  signInText: 'You need to be signed in to be notified when a plant is back in stock',
  errorTitle: 'Error',
  setFailedText: 'Failed to set the alert. Please try again.',
  cancelFailedText: 'Failed to cancel the alert. Please try again.',
  inStockTitle: 'Back in stock',
  inStockText: 'This plant is in stock: you can add it to your cart now.',
});

/** The storefront's page of a product: where a back-in-stock mail links to. */
export function productPagePath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}`;
}

/** The admin's figure of a product's demand: `1 shopper waiting`, `3 shoppers waiting`. */
export function shoppersWaitingText(count: number): string {
  return `${count} ${count === 1 ? 'shopper' : 'shoppers'} waiting`;
}
