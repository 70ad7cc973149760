/**
 * The notice every storefront page carries when DEMO_PAYMENTS=true (docs/payments.md): the
 * shop's payments go to the PhonePe sandbox, which takes no money. It stands before the
 * React root, so no render or hydration touches it, and the server-rendered pages and the
 * plain index page carry it alike.
 */
export const DEMO_BANNER = '<aside class="demo-banner" aria-label="Demo notice"><p>Demo shop: no real payments</p></aside>';

/** The storefront's index.html with {@link DEMO_BANNER} as the first thing in its body. */
export function withDemoBanner(html: string): string {
  return html.replace('<div id="root">', () => `${DEMO_BANNER}<div id="root">`);
}
