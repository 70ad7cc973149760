/** The shop's name, as page titles, link previews and structured data give it. */
export const SHOP_NAME = 'Jalaj';

/** The landing page's title (also the shell's, in index.html). */
export const HOME_TITLE = `${SHOP_NAME} — Aquarium Plants Online in India`;

/**
 * A page's document title: its name and the shop's. The pages' `<title>` elements and the
 * head the BFF writes for a page (seo/page-head.ts) both use it, so they agree.
 */
export const pageTitle = (name: string): string => `${name} — ${SHOP_NAME}`;

/** The titles of the two not-found pages (an unknown path, an unknown product). */
export const NOT_FOUND_TITLE = pageTitle('Page not found');
export const PRODUCT_NOT_FOUND_TITLE = pageTitle('Product not found');
