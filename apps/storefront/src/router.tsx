import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
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
const ProductRoute = lazy(() => import('./routes/product-route.js').then((m) => ({ default: m.ProductRoute })));
const AboutRoute = lazy(() => import('./routes/about-route.js').then((m) => ({ default: m.AboutRoute })));
const PaymentRoute = lazy(() => import('./routes/payment-route.js').then((m) => ({ default: m.PaymentRoute })));
const PolicyRoute = lazy(() => import('./routes/policy-route.js').then((m) => ({ default: m.PolicyRoute })));
const OrdersRoute = lazy(() => import('./routes/orders-route.js').then((m) => ({ default: m.OrdersRoute })));
const InvoiceRoute = lazy(() => import('./routes/invoice-route.js').then((m) => ({ default: m.InvoiceRoute })));

export const router = createBrowserRouter([
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
]);
