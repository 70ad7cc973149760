import { createBrowserRouter, Navigate } from 'react-router-dom';
import { DashboardPage } from './pages/dashboard/dashboard-page.js';
import { LoginPage } from './pages/login/login-page.js';

export const router = createBrowserRouter(
  [
    { index: true, element: <DashboardPage /> },
    { path: 'login', element: <LoginPage /> },
    // Unknown admin paths land on the dashboard rather than a dead end.
    { path: '*', element: <Navigate to="/" replace /> },
  ],
  { basename: '/admin' },
);
