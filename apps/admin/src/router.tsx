import { createBrowserRouter, Navigate } from 'react-router';
import { DashboardPage } from './pages/dashboard/dashboard-page.js';

export const router = createBrowserRouter(
  [
    { index: true, element: <DashboardPage /> },
    // Unknown admin paths land on the dashboard rather than a dead end.
    { path: '*', element: <Navigate to="/" replace /> },
  ],
  { basename: '/admin' },
);
