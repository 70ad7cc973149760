/**
 * The tag of a test that runs in the desktop project only. The phone project skips it
 * (playwright.config.ts) because a phone adds nothing to what it checks (ADR 042, ADR 047):
 * - it sets its own viewport sizes, only makes requests, reads the document head, or
 *   exercises the PhonePe sandbox (a stand-in, not the shop);
 * - it checks a rule of the admin console (roles, refunds, archiving, an upload's image
 *   checks) whose screens the phone project covers elsewhere;
 * - it checks a rule the server or the page's logic decides, the same at any size
 *   (what a form accepts, one request per press, a declined or undecided payment, an
 *   expired link, a refused add, a failed request's message), on a screen the phone
 *   project draws in a journey or in the accessibility spec.
 * A test of a layout, a touch interaction or a shopper's journey must not carry it.
 */
export const DESKTOP_ONLY = '@desktop-only';

/**
 * The tag of a test that runs in the phone project only: a phone's own layout (what stays in
 * view, what is one tap away), which a desktop window does not draw. The desktop project
 * skips it (playwright.config.ts).
 */
export const PHONE_ONLY = '@phone-only';
