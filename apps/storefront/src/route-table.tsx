import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LazyPage } from './features/pages/page-loading.js';
import { HomeRoute } from './routes/home-route.js';
import { NotFoundRoute } from './routes/not-found-route.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';

// Pages away from the landing page load on demand, keeping the first download small on a phone.
const AuthRoute = lazy(() => import('./routes/auth-route.js').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password-route.js').then((m) => ({ default: m.ResetPasswordRoute })));
const ProfileRoute = lazy(() => import('./routes/profile-route.js').then((m) => ({ default: m.ProfileRoute })));
const AddressesRoute = lazy(() => import('./routes/addresses-route.js').then((m) => ({ default: m.AddressesRoute })));
const CartRoute = lazy(() => import('./routes/cart-route.js').then((m) => ({ default: m.CartRoute })));

/** A thenable that calls back at once, which `React.lazy` reads without suspending. */
function resolvedNow<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/**
 * A page loaded on demand that the BFF also renders on the server. Drawn in the same pass
 * when its code is loaded already (`load`, called before the browser takes a server-rendered
 * page over): the page is then taken over at once, not after a Suspense retry that may see
 * a changed session.
 */
function serverRendered<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: M | undefined;
  const loadOnce = async () => (loaded ??= await load());
  const Page = lazy(() => (loaded ? resolvedNow({ default: pick(loaded) }) : loadOnce().then((m) => ({ default: pick(m) }))));
  return { load: loadOnce, Page };
}
const productRoute = serverRendered(() => import('./routes/product-route.js'), (m) => m.ProductRoute);
const ProductRoute = productRoute.Page;
const aboutRoute = serverRendered(() => import('./routes/about-route.js'), (m) => m.AboutRoute);
const AboutRoute = aboutRoute.Page;
const PaymentRoute = lazy(() => import('./routes/payment-route.js').then((m) => ({ default: m.PaymentRoute })));
const PolicyRoute = lazy(() => import('./routes/policy-route.js').then((m) => ({ default: m.PolicyRoute })));
const OrdersRoute = lazy(() => import('./routes/orders-route.js').then((m) => ({ default: m.OrdersRoute })));
const InvoiceRoute = lazy(() => import('./routes/invoice-route.js').then((m) => ({ default: m.InvoiceRoute })));

/**
 * The pages the BFF renders on the server that load on demand: their code is loaded before
 * the browser takes the markup over (a page still loading then would be drawn with what
 * changed meanwhile, the session, and no longer match), and the BFF inlines their styles
 * (`source` is their key in Vite's manifest).
 */
const SERVER_RENDERED_LAZY_PAGES = [
  { path: /^\/product\/[^/]+$/, source: 'src/routes/product-route.tsx', load: productRoute.load },
  { path: /^\/about-us$/, source: 'src/routes/about-route.tsx', load: aboutRoute.load },
];

/** Loads the code of the on-demand page a server-rendered URL shows, if any. */
export function loadLazyPage(pathname: string): Promise<unknown> {
  return Promise.all(SERVER_RENDERED_LAZY_PAGES.filter((page) => page.path.test(pathname)).map((page) => page.load()));
}

/** The sources (Vite manifest keys) of the on-demand pages a URL shows. */
export function lazyPageSources(pathname: string): string[] {
  return SERVER_RENDERED_LAZY_PAGES.filter((page) => page.path.test(pathname)).map((page) => page.source);
}

/**
 * Every page of the storefront. The browser routes with it (main.tsx) and the BFF renders the
 * landing and product pages with it on the server (entry-server.tsx), so both draw the same tree.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'auth', element: <LazyPage><AuthRoute /></LazyPage> },
      { path: 'reset-password', element: <LazyPage><ResetPasswordRoute /></LazyPage> },
      { path: 'profile', element: <LazyPage><ProfileRoute /></LazyPage> },
      { path: 'addresses', element: <LazyPage><AddressesRoute /></LazyPage> },
      { path: 'cart', element: <LazyPage><CartRoute /></LazyPage> },
      { path: 'product/:id', element: <LazyPage><ProductRoute /></LazyPage> },
      { path: 'payment-success', element: <LazyPage><PaymentRoute outcome="success" /></LazyPage> },
      { path: 'payment-failed', element: <LazyPage><PaymentRoute outcome="failed" /></LazyPage> },
      { path: 'payment-pending', element: <LazyPage><PaymentRoute outcome="pending" /></LazyPage> },
      { path: 'orders', element: <LazyPage><OrdersRoute /></LazyPage> },
      { path: 'orders/:id/invoice', element: <LazyPage><InvoiceRoute /></LazyPage> },
      { path: 'about-us', element: <LazyPage><AboutRoute /></LazyPage> },
      { path: 'terms-conditions', element: <LazyPage><PolicyRoute policy="terms" /></LazyPage> },
      { path: 'privacy-policy', element: <LazyPage><PolicyRoute policy="privacy" /></LazyPage> },
      { path: 'refund-policy', element: <LazyPage><PolicyRoute policy="refund" /></LazyPage> },
      { path: 'shipping-policy', element: <LazyPage><PolicyRoute policy="shipping" /></LazyPage> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
