import { apiPath, type HttpResponse } from '@jalaj/contracts';
import { useRoute } from '@jalaj/web-kit';
import { useEffect } from 'react';

/** `/api/admin/figures`: the dashboard's strip of today's figures. */
export const ADMIN_FIGURES_PATH = apiPath('admin.figures');

/** Today's figures: paid orders and revenue of the India day, orders to ship, plants low on stock. */
export type AdminFiguresReply = HttpResponse<'admin.figures'>;

/** Whether an SWR key is the figures' (any day). */
export const isFiguresKey = (key: unknown) => typeof key === 'string' && (key === ADMIN_FIGURES_PATH || key.startsWith(`${ADMIN_FIGURES_PATH}?`));

/**
 * Today's figures (the server's India day). Fetched again whenever the admin comes back to
 * the browser tab or window (the shop's other lists are not: the strip is what a seller
 * glances at), and after every order or product change (`useOrderChanges`,
 * `useProductChanges`); the last figures stay on screen meanwhile.
 */
export function useAdminFigures() {
  const figures = useRoute('admin.figures', {}, { keepPreviousData: true });
  const { mutate } = figures;
  useEffect(() => {
    const comeBack = () => {
      if (document.visibilityState === 'visible') void mutate();
    };
    document.addEventListener('visibilitychange', comeBack);
    window.addEventListener('focus', comeBack);
    return () => {
      document.removeEventListener('visibilitychange', comeBack);
      window.removeEventListener('focus', comeBack);
    };
  }, [mutate]);
  return figures;
}
