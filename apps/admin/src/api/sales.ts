import { apiPath, type HttpResponse, type SalesPeriod } from '@jalaj/contracts';
import { routeUrl, useRoute } from '@jalaj/web-kit';
import { downloadFile, type DownloadedFile } from './download.js';

/** `/api/admin/sales`: the dashboard's sales over time. */
export const ADMIN_SALES_PATH = apiPath('admin.sales');

/** The sales over a period and the period before, and the best-selling plants. */
export type SalesReply = HttpResponse<'admin.sales'>;

/** Whether an SWR key is the sales over time's (any period). Order changes refresh it. */
export const isSalesKey = (key: unknown) => typeof key === 'string' && (key === ADMIN_SALES_PATH || key.startsWith(`${ADMIN_SALES_PATH}?`));

/** The period as the route's query string. */
const periodQuery = (days: SalesPeriod) => ({ days: String(days) as '30' | '90' });

/**
 * The sales of the last `days` India days (the server's today). The last period stays on
 * screen while another loads, so switching 30 and 90 days does not flash the loading state.
 */
export function useSalesOverTime(days: SalesPeriod) {
  return useRoute('admin.sales', { query: periodQuery(days) }, { keepPreviousData: true });
}

/**
 * The numbers behind the chart as CSV (`admin.sales.export`): a row per day, beside the
 * same day of the period before.
 *
 * @throws ApiError when the server refused or could not be reached.
 */
export function downloadSalesCsv(days: SalesPeriod): Promise<DownloadedFile> {
  return downloadFile(routeUrl('admin.sales.export', { query: periodQuery(days) }), 'sales.csv');
}
