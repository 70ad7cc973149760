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

/** When this tab last loaded itself afresh for a script it could not fetch (sessionStorage). */
const RELOADED_AT = 'jalaj:reloaded-for-a-script';
/** A second script gone within this long is not reloaded for: the shop shows its error instead of reloading for ever. */
const RELOAD_AT_MOST_EVERY_MS = 60_000;

/**
 * A page's code that cannot be fetched any more (a deploy replaced the build this tab started
 * with, or the connection dropped as it was asked for) is loaded afresh from the server: the
 * page the shopper asked for, with the scripts of the build that serves it now. Vite's
 * `vite:preloadError`, as its guide on load errors advises; at most once a minute, after
 * which the error reaches the page (RouteError: 'Reload Page').
 */
export function reloadWhenAScriptIsGone(win: Window = window) {
  win.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(win.sessionStorage.getItem(RELOADED_AT)) || 0;
      if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return;
      win.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // No session storage (a private window that refuses it): no reload, so no loop.
      return;
    }
    event.preventDefault();
    win.location.reload();
  });
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
