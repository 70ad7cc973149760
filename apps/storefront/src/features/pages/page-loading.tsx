import { type ReactNode, Suspense, useEffect } from 'react';

/** Shown while the code of a lazily loaded page arrives (only on a first visit straight to it). */
function PageLoading() {
  return (
    <main className="page-loading">
      <p className="state-message" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading...
      </p>
    </main>
  );
}

/**
 * Makes a server-rendered page usable: its `#root` is inert until React has taken its markup
 * over, so that nothing is clicked or typed into before it works (issue #12).
 */
export function markPageUsable() {
  document.getElementById('root')?.removeAttribute('inert');
}

function TakenOver({ children }: { readonly children: ReactNode }) {
  useEffect(markPageUsable, []);
  return children;
}

/** Wraps a page loaded with `React.lazy`, so the landing page's bundle does not carry it. */
export function LazyPage({ children }: { readonly children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <TakenOver>{children}</TakenOver>
    </Suspense>
  );
}
