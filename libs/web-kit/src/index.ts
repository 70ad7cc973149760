/**
 * `@jalaj/web-kit` — what the storefront and the admin share in the browser:
 * the BFF API client (in-memory access token, cookies, retries, problem JSON
 * errors), the SWR hooks built on it, the signed-in session, the brand, and the
 * bill of supply both apps show and print.
 *
 * @packageDocumentation
 */
export * from './access-token.js';
export * from './api-error.js';
export * from './api-client.js';
export * from './api-provider.js';
export * from './use-api.js';
export * from './unauthorized-handler.js';
export * from './session-core.js';
export * from './session.js';
export * from './api-routes.js';
export * from './brand.js';
export * from './bill-of-supply-sheet.js';
export * from './notice-placement.js';
export * from './private-image.js';
