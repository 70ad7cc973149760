import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that the browser may take over after the rest (issue
 * #40). React hydrates the content of a Suspense boundary that arrived complete from the
 * server in a later pass at low priority, in slices of a few milliseconds that yield to
 * the shopper's input, instead of in the one long task that takes the page over; a click
 * or a keystroke inside it before then hydrates it at once and is then handled. Wrap the
 * sections below the first screen; drawn in the browser, it shows its content at once.
 */
export function HydrateLater({ children }: { readonly children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
