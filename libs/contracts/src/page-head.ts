/**
 * The storefront's pages as search engines see them: what the storefront's server bundle
 * (apps/storefront/src/seo) answers for an address, and what the BFF writes into the page
 * it sends (apps/bff/src/web/storefront-heads.service.ts). ADR 075.
 */

/** What a storefront address shows, as the storefront's route table matches it. */
export type StorefrontPage =
  | { readonly kind: 'home' }
  /** About and the policy pages. */
  | { readonly kind: 'static'; readonly path: string; readonly name: string; readonly description: string }
  | { readonly kind: 'product'; readonly id: string }
  /** A page for a signed-in shopper or about their session: account, cart, checkout, orders, payment, sign-in. */
  | { readonly kind: 'private' }
  | { readonly kind: 'missing' };

/** A page's head as the BFF writes it into index.html. */
export interface PageHead {
  /** 404 for an unknown address or product. */
  readonly status: 200 | 404;
  /** A page of one shopper's (or about a session): never kept by a shared cache, never indexed. */
  readonly private: boolean;
  /** The document title, or null to keep the shell's. */
  readonly title: string | null;
  /** The meta description, or null to keep the shell's. */
  readonly description: string | null;
  /** The rest, as HTML for the head: canonical link, robots, Open Graph, Twitter card, JSON-LD. */
  readonly tags: string;
}
