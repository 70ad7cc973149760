import { DeleteOutlined, DownloadOutlined, ReloadOutlined, ShoppingOutlined } from '@ant-design/icons';
import { orderNumber } from '@jalaj/commerce';
import type { AdminOrderSummary } from '@jalaj/contracts';
import { Alert, Button, Card, Checkbox, Empty, Modal, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orderChangeFailure, orderChangeSuccess, orderListErrorText } from '../../api/error-messages.js';
import { downloadOrdersCsv, saveFile, useAdminOrders, useOrderChanges } from '../../api/orders.js';
import { ListPagination } from '../list-controls.js';
import { OrderCard } from './order-card.js';
import { OrderDrawer } from './order-drawer.js';
import { changeOrdersQuery, filterQueryStrings, isFiltered, ordersSearchParams, ORDERS_PAGE_SIZE, readOrdersQuery, type OrdersQuery } from './order-query.js';
import { keepOnPage, NO_SELECTION, selectAllLabel, toggleAllOrders, toggleOrder, withoutOrders, type OrderSelection } from './order-selection.js';
import { OrdersToolbar } from './orders-toolbar.js';
import './orders.css';
import { useNotification } from '../../use-notification.js';

const NO_ORDERS: readonly AdminOrderSummary[] = [];

/** What the empty list says beneath 'No orders found' (spec §2: the migration hint on the plain list). */
function emptyHint(query: OrdersQuery): string {
  if (isFiltered({ ...query, archived: false })) return 'No order matches this search and these filters.';
  if (query.archived) return 'No deleted orders. Orders you delete are kept here and can be restored.';
  return 'Orders appear here once shoppers pay. If orders were placed but none show, make sure the admin database migration has been applied.';
}

/**
 * The Orders tab of the dashboard (spec §2, issue #11): every order, newest first, searched,
 * filtered and paged on the server, with selection, bulk and single delete (which archive),
 * restore from Archived, the CSV export and a drawer with each order's details, fulfilment,
 * refund and bill. The search, filters and page live in the URL.
 */
export function OrdersTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readOrdersQuery(searchParams), [searchParams]);
  const filters = useMemo(() => filterQueryStrings(query), [query]);
  const { data, error, isLoading, isValidating, mutate } = useAdminOrders(filters, query.page, ORDERS_PAGE_SIZE);
  const { deleteOrder, bulkDelete, restore } = useOrderChanges();
  const notification = useNotification();

  const [selection, setSelection] = useState<OrderSelection>(NO_SELECTION);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const orders = data?.items ?? NO_ORDERS;
  const pageIds = useMemo(() => orders.filter((o) => o.archivedAt === null).map((o) => o.id), [orders]);
  const selectedCount = pageIds.filter((id) => selection.has(id)).length;
  const total = data?.total ?? 0;

  // The selection holds only orders this page shows (a page change or another admin's delete drops the rest).
  useEffect(() => setSelection((current) => keepOnPage(current, pageIds)), [pageIds]);

  // Deletes can leave a page past the end: go to the last page that has orders.
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || query.page === 1) return;
    const last = Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE));
    if (last < query.page) setSearchParams(ordersSearchParams({ ...query, page: last }), { replace: true });
  }, [data, query, setSearchParams]);

  const setQuery = useCallback(
    (change: Partial<OrdersQuery>) => {
      const next = changeOrdersQuery(query, change);
      // Typing in the search replaces the history entry; a chosen filter or page adds one, so Back undoes it.
      setSearchParams(ordersSearchParams(next), { replace: Object.keys(change).length === 1 && 'q' in change });
    },
    [query, setSearchParams],
  );

  const reload = () => void mutate();

  const handleDelete = async (order: AdminOrderSummary) => {
    setBusyId(order.id);
    try {
      const reply = await deleteOrder(order.id);
      setSelection((current) => withoutOrders(current, [order.id, ...reply.orderIds]));
      notification.success(orderChangeSuccess(reply));
      if (openId === order.id) setOpenId(null);
    } catch (caught) {
      notification.error(orderChangeFailure('delete', caught));
    } finally {
      setBusyId(null);
    }
  };

  const handleRestore = async (order: AdminOrderSummary) => {
    setBusyId(order.id);
    try {
      notification.success(orderChangeSuccess(await restore(order.id)));
    } catch (caught) {
      notification.error(orderChangeFailure('restore', caught));
    } finally {
      setBusyId(null);
    }
  };

  const handleBulkDelete = async () => {
    const ids = pageIds.filter((id) => selection.has(id));
    setBulkDeleting(true);
    try {
      const reply = await bulkDelete(ids);
      setSelection(NO_SELECTION);
      notification.success(orderChangeSuccess(reply));
      setConfirmingBulk(false);
    } catch (caught) {
      notification.error(orderChangeFailure('bulkDelete', caught));
      setConfirmingBulk(false);
    } finally {
      setBulkDeleting(false);
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      saveFile(await downloadOrdersCsv(filters));
    } catch (caught) {
      notification.error(orderChangeFailure('export', caught));
    } finally {
      setExporting(false);
    }
  };

  const changePage = (page: number) => {
    setQuery({ page });
    document.getElementById('orders-heading')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <section aria-labelledby="orders-heading" className="admin-section orders-tab">
      <div className="admin-section__head">
        <Typography.Title level={2} id="orders-heading" className="admin-section__title" aria-live="polite">
          <ShoppingOutlined aria-hidden="true" /> {data ? `${total} Orders` : 'Orders'}
          {query.archived && <span className="orders-tab__scope">(archived)</span>}
        </Typography.Title>
        <div className="admin-section__actions">
          <Button icon={<ReloadOutlined />} onClick={reload} loading={isValidating && !isLoading} aria-label="Reload orders" />
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void handleExport()}>
            Export CSV
          </Button>
        </div>
      </div>

      <OrdersToolbar query={query} onChange={setQuery} />

      {!query.archived && orders.length > 0 && (
        <div className="orders-bulk">
          <Checkbox
            checked={selectedCount > 0 && selectedCount === pageIds.length}
            indeterminate={selectedCount > 0 && selectedCount < pageIds.length}
            disabled={pageIds.length === 0}
            onChange={() => setSelection((current) => toggleAllOrders(current, pageIds))}
          >
            {selectAllLabel(selectedCount, pageIds.length)}
          </Checkbox>
          <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0} onClick={() => setConfirmingBulk(true)}>
            Delete Selected ({selectedCount})
          </Button>
        </div>
      )}

      {error && <Alert className="orders-tab__error" type="error" showIcon title={orderListErrorText(error)} action={<Button size="small" onClick={reload}>Retry</Button>} />}

      {!data ? (
        !error && (
          <div className="admin-loading" aria-busy="true">
            <Spin size="large" description="Loading orders..." />
          </div>
        )
      ) : orders.length === 0 ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>No orders found</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {emptyHint(query)}
                </Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <>
          <ul className="orders-list" aria-label="Orders" aria-busy={isValidating}>
            {orders.map((order) => (
              <li key={order.id} aria-label={`Order #${orderNumber(order.merchantOrderId)}`}>
                <OrderCard
                  order={order}
                  selected={selection.has(order.id)}
                  busy={busyId === order.id}
                  onToggle={(id) => setSelection((current) => toggleOrder(current, id))}
                  onOpen={setOpenId}
                  onDelete={handleDelete}
                  onRestore={handleRestore}
                />
              </li>
            ))}
          </ul>
          <ListPagination className="orders-pagination" page={query.page} pageSize={ORDERS_PAGE_SIZE} total={total} onChange={changePage} />
        </>
      )}

      <Modal
        open={confirmingBulk}
        title="Delete Selected Orders"
        okText={`Delete ${selectedCount} order(s)`}
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={bulkDeleting}
        onOk={() => void handleBulkDelete()}
        onCancel={() => setConfirmingBulk(false)}
        // The spec's confirmation cannot be dismissed by a click beside it; Esc and Cancel still close it.
        mask={{ closable: false }}
        cancelButtonProps={{ disabled: bulkDeleting }}
        destroyOnHidden
      >
        <p>
          Delete {selectedCount} selected order(s)? They move to Archived, where they can be restored; their bills and payment records are kept.
        </p>
      </Modal>

      <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
