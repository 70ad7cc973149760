import { Navigate, useLocation } from 'react-router-dom';
import type { LoginRedirectState } from '../login/login-page.js';
import { AccessDenied } from './access-denied.js';
import { CheckingAccess } from './checking-access.js';
import { DashboardShell } from './dashboard-shell.js';
import { useAdminAccess } from './use-admin-access.js';

/**
 * `/admin`: the dashboard, behind the admin access check. A visitor who is not
 * signed in is sent to the admin login, which brings them back here (same tab
 * included); a signed-in non-admin sees Access Denied.
 */
export function DashboardPage() {
  const access = useAdminAccess();
  const location = useLocation();
  if (access === 'checking') return <CheckingAccess />;
  if (access === 'signed-out') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (access === 'denied') return <AccessDenied />;
  return <DashboardShell />;
}
