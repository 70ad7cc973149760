import { isAdminRole } from '@jalaj/commerce';
import { isApiError } from '@jalaj/web-kit';
import { useEffect } from 'react';
import { useMe } from '../../api/me.js';

/** Where the dashboard's access check stands. */
export type AdminAccess = 'checking' | 'admin' | 'denied';

/**
 * Decides whether the current user may see the dashboard: only a profile
 * whose role is exactly `admin` may, and any failure of the check means not
 * admin (spec §4, Admin check).
 */
export function useAdminAccess(): AdminAccess {
  const { data, error, isLoading } = useMe();

  useEffect(() => {
    // A 401 is the normal answer for a visitor who is not signed in; anything
    // else is a fault the spec wants logged, not shown.
    if (error && !(isApiError(error) && error.status === 401)) {
      console.warn('Admin access check failed', error);
    }
  }, [error]);

  if (isLoading) return 'checking';
  if (error || !data) return 'denied';
  return isAdminRole(data.role) ? 'admin' : 'denied';
}
