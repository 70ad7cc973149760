import { userDisplayName } from '@jalaj/commerce';
import { useAdminUser } from '../../api/admin-users.js';

/** A customer's name (or email) for a filter chip; their id until the account is read, or when it is not found. */
export function CustomerName({ userId }: { readonly userId: string }) {
  const { data } = useAdminUser(userId);
  if (!data || data.user.id !== userId) return <>{userId}</>;
  return <>{data.user.fullName.trim() ? userDisplayName(data.user.fullName) : data.user.email || userId}</>;
}
