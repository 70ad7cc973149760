import { AccessDenied } from './access-denied.js';
import { CheckingAccess } from './checking-access.js';
import { DashboardShell } from './dashboard-shell.js';
import { useAdminAccess } from './use-admin-access.js';

/** `/admin`: the dashboard, behind the admin access check. */
export function DashboardPage() {
  const access = useAdminAccess();
  if (access === 'checking') return <CheckingAccess />;
  if (access === 'denied') return <AccessDenied />;
  return <DashboardShell />;
}
