import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ToastProvider } from '../features/toast/toast-provider.js';

/** Wraps every page: toasts outlive navigation (the sign-in prompt is shown while leaving the page). */
export function RootLayout() {
  return (
    <ToastProvider>
      <Outlet />
      <ScrollRestoration />
    </ToastProvider>
  );
}
