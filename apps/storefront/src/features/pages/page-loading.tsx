import { type ReactNode, Suspense } from 'react';

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

/** Wraps a page loaded with `React.lazy`, so the landing page's bundle does not carry it. */
export function LazyPage({ children }: { readonly children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
