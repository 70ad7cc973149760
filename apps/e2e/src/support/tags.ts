/**
 * The tag of a test that runs in the desktop project only. The phone project skips it
 * (playwright.config.ts) because a phone adds nothing to what it checks: it sets its own
 * viewport sizes, only makes requests, reads the document head, exercises the PhonePe
 * sandbox (a stand-in, not the shop), or a rule of the admin console (roles, refunds,
 * archiving, an upload's image checks) whose screens the phone project covers elsewhere
 * (ADR 042).
 */
export const DESKTOP_ONLY = '@desktop-only';
