import { isAdminRole } from '@jalaj/commerce';
import { useSession } from '@jalaj/web-kit';

/** Where the dashboard's access check stands. */
export type AdminAccess = 'checking' | 'signed-out' | 'admin' | 'denied';

/**
 * Decides whether the current user may see the dashboard: only a signed-in
 * user whose role is exactly `admin` may, and anything else, a malformed
 * session included, means not admin (spec §4, Admin check).
 */
export function useAdminAccess(): AdminAccess {
  const { status, user } = useSession();
  if (status === 'loading') return 'checking';
  if (status === 'signed-out') return 'signed-out';
  return user && isAdminRole(user.role) ? 'admin' : 'denied';
}
