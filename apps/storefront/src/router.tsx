import { createBrowserRouter } from 'react-router';
import { AddressesRoute } from './routes/addresses-route.js';
import { AuthRoute } from './routes/auth-route.js';
import { HomeRoute } from './routes/home-route.js';
import { NotFoundRoute } from './routes/not-found-route.js';
import { ProfileRoute } from './routes/profile-route.js';
import { ResetPasswordRoute } from './routes/reset-password-route.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';

// Routes of later issues (/cart, /orders, /product/:id, …) fall through to the 404 page until they exist.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'auth', element: <AuthRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'profile', element: <ProfileRoute /> },
      { path: 'addresses', element: <AddressesRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
