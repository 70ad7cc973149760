import { ApiProvider, SessionProvider } from '@jalaj/web-kit';
import { type ReactNode, startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { markPageUsable, reloadWhenAScriptIsGone } from './features/pages/page-loading.js';
import { lazyPageSources, loadLazyPage, routes } from './route-table.js';
import './styles.css';

reloadWhenAScriptIsGone();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The BFF renders the landing and product pages on the server and puts the API replies it
// drew them from beside them (issue #12); the browser takes that markup over.
const pageData = document.getElementById('page-data')?.textContent;
const initialData = pageData ? (JSON.parse(pageData) as Record<string, unknown>) : undefined;

/**
 * Makes server-rendered markup usable once React has taken it over (it is inert until then);
 * a page loaded on demand is taken over later, inside its Suspense boundary (LazyPage).
 */
function TakenOver({ children }: { readonly children: ReactNode }) {
  useEffect(() => {
    if (lazyPageSources(window.location.pathname).length === 0) markPageUsable();
  }, []);
  return children;
}

/** The whole app on `router`, made when the page is taken over (its own task: issue #40). */
const appOn = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <TakenOver>
      <ApiProvider initialData={initialData}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ApiProvider>
    </TakenOver>
  </StrictMode>
);

/**
 * Ends the current task: the browser may handle input and paint before the next step. The
 * scripts' evaluation, the router's start and the take-over then run as tasks of their own,
 * not one long one that a budget phone's tap would wait behind (issue #40).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (initialData && container.firstElementChild) {
  void loadLazyPage(window.location.pathname)
    .catch(() => undefined)
    .then(nextTask)
    .then(() => createBrowserRouter(routes))
    // A transition: React hydrates in slices of a few milliseconds and lets the browser
    // answer between them, where a default-priority hydration is one long task (issue #40).
    .then(async (router) => {
      await nextTask();
      startTransition(() => void hydrateRoot(container, appOn(router)));
    });
} else {
  markPageUsable();
  // Each page renders its own <title>, which React puts in the head beside the shell's:
  // drop the shell's so a page has exactly one. (A server-rendered page's head already
  // holds that page's title, which React takes over.)
  document.head.querySelector('title')?.remove();
  createRoot(container).render(appOn(createBrowserRouter(routes)));
}
