import { apiPath, type HttpResponse } from '@jalaj/contracts';
import { useRoute } from '@jalaj/web-kit';

/** `/api/admin/figures`: the dashboard's strip of today's figures. */
export const ADMIN_FIGURES_PATH = apiPath('admin.figures');

/** Today's figures: paid orders and revenue of the India day, orders to ship, plants low on stock. */
export type AdminFiguresReply = HttpResponse<'admin.figures'>;

/** Whether an SWR key is the figures' (any day). */
export const isFiguresKey = (key: unknown) => typeof key === 'string' && (key === ADMIN_FIGURES_PATH || key.startsWith(`${ADMIN_FIGURES_PATH}?`));

/**
 * Today's figures (the server's India day). Fetched again when the admin comes back to the
 * browser tab (the shop's other lists do not), and after every order or product change
 * (`useOrderChanges`, `useProductChanges`); the last figures stay on screen meanwhile.
 */
export function useAdminFigures() {
  return useRoute('admin.figures', {}, { revalidateOnFocus: true, keepPreviousData: true });
}
