import { createBrowserRouter } from 'react-router';
import { HomeRoute } from './routes/home-route.js';
import { NotFoundRoute } from './routes/not-found-route.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';

// Routes of later issues (/auth, /cart, /product/:id, …) fall through to the 404 page until they exist.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
