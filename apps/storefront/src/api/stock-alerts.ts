import { apiPath, type StockAlertList } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';

/** `GET /api/me/stock-alerts`: the SWR key every Notify Me button shares. */
export const STOCK_ALERTS_PATH = apiPath('me.stockAlerts.list');

/**
 * The sold-out plants the signed-in shopper will be mailed about (issue #41). Every card
 * and the product page read this one list, so one request serves the whole grid.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useStockAlerts(enabled: boolean) {
  return useRoute('me.stockAlerts.list', enabled ? {} : null, { revalidateOnFocus: false });
}

/** Notify Me and its undo; each resolves once the list the server answered is stored for every button. */
export interface StockAlertsApi {
  /** `POST /api/me/stock-alerts`. */
  notify(productId: string): Promise<StockAlertList>;
  /** `DELETE /api/me/stock-alerts/:productId`. */
  cancel(productId: string): Promise<StockAlertList>;
}

/** The alert calls, bound to the app's API client; each answer updates {@link STOCK_ALERTS_PATH}. */
export function useStockAlertsApi(): StockAlertsApi {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return useMemo<StockAlertsApi>(() => {
    const stored = async (list: StockAlertList) => {
      await mutate(STOCK_ALERTS_PATH, list, { revalidate: false });
      return list;
    };
    return {
      notify: async (productId) => stored(await callRoute(client, 'me.stockAlerts.create', { body: { productId } })),
      cancel: async (productId) => stored(await callRoute(client, 'me.stockAlerts.delete', { params: { productId } })),
    };
  }, [client, mutate]);
}
