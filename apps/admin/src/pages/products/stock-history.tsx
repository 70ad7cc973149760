import { signedChangeText, STOCK_HISTORY_MESSAGES as M, stockChangeByText, stockChangeCauseText, stockChangeWhenText } from '@jalaj/commerce';
import { STOCK_ADJUSTMENT_MAX, STOCK_ADJUSTMENT_REASON_MAX, type AdminProduct } from '@jalaj/contracts';
import { isApiError } from '@jalaj/web-kit';
import { Alert, Button, Form, Grid, Input, InputNumber, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorMessage } from '../../api/error-messages.js';
import { useStockAdjustment, useStockHistory, type StockHistoryPage } from '../../api/products.js';
import { useNotification } from '../../use-notification.js';

/** The changes one page of the dialog's history shows. */
const PAGE_SIZE = 10;

type Row = StockHistoryPage['items'][number];

const changeTag = (change: number) => (
  <Tag color={change > 0 ? 'green' : 'red'} className="stock-history__change">
    {signedChangeText(change)}
  </Tag>
);

/**
 * The product dialog's stock history (issue #42): the latest changes of the plant's stock,
 * newest first, each with when, what changed it, by whom, the change and the stock after;
 * and the admin's adjustment with a reason. A wide screen shows a table; a phone shows the
 * cause with when and by whom under it, and the change with the stock after it.
 */
export function StockHistory({ product, onAdjusted }: { readonly product: AdminProduct; readonly onAdjusted: (stockQuantity: number) => void }) {
  const [page, setPage] = useState(1);
  const history = useStockHistory(product.id, page, PAGE_SIZE);
  const wide = Grid.useBreakpoint().sm !== false;

  const columns: TableColumnsType<Row> = wide
    ? [
        { key: 'when', title: M.when, render: (_, c) => stockChangeWhenText(c.at), width: 150 },
        { key: 'cause', title: M.cause, render: (_, c) => stockChangeCauseText(c) },
        { key: 'by', title: M.by, render: (_, c) => stockChangeByText(c) },
        { key: 'change', title: M.change, align: 'right', render: (_, c) => changeTag(c.change), width: 90 },
        { key: 'after', title: M.after, align: 'right', dataIndex: 'stockAfter', width: 100 },
      ]
    : [
        {
          key: 'cause',
          title: M.cause,
          render: (_, c) => (
            <>
              <div>{stockChangeCauseText(c)}</div>
              <Typography.Text type="secondary" className="stock-history__meta">
                {stockChangeWhenText(c.at)} · {stockChangeByText(c)}
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'change',
          title: M.after,
          align: 'right',
          render: (_, c) => (
            <span className="stock-history__after">
              {changeTag(c.change)}
              <span aria-label={`${M.after} ${c.stockAfter}`}>{c.stockAfter}</span>
            </span>
          ),
        },
      ];

  return (
    <section className="stock-history" aria-labelledby="stock-history-title">
      <Typography.Title level={5} id="stock-history-title" className="stock-history__title">
        {M.title}
      </Typography.Title>
      <StockAdjustmentForm product={product} onAdjusted={onAdjusted} />
      {history.error && !history.data ? (
        <Alert
          type="error"
          showIcon
          title={M.loadFailed}
          description={apiErrorMessage(history.error)}
          action={
            <Button size="small" onClick={() => void history.mutate()}>
              {M.retry}
            </Button>
          }
        />
      ) : (
        <Table<Row>
          className="stock-history__table"
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={history.data?.items ?? []}
          loading={history.isLoading}
          // Said once the history is loaded, not under the first load's spinner.
          locale={{ emptyText: history.data ? M.empty : ' ' }}
          pagination={
            (history.data?.total ?? 0) > PAGE_SIZE
              ? { current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage, simple: !wide, showSizeChanger: false }
              : false
          }
        />
      )}
    </section>
  );
}

interface AdjustmentValues {
  change?: number | null;
  reason?: string;
}

/** Plants added (+) or taken (−) with a reason, recorded in the history as the admin's. */
function StockAdjustmentForm({ product, onAdjusted }: { readonly product: AdminProduct; readonly onAdjusted: (stockQuantity: number) => void }) {
  const [form] = Form.useForm<AdjustmentValues>();
  const notification = useNotification();
  const adjust = useStockAdjustment(product.id);
  const [saving, setSaving] = useState(false);

  const submit = async ({ change, reason }: AdjustmentValues) => {
    if (saving || !change) return;
    setSaving(true);
    try {
      const saved = await adjust({ change, reason: (reason ?? '').trim() });
      form.resetFields();
      notification.success({ title: M.adjustedTitle, description: M.adjusted(saved.stockQuantity) });
      onAdjusted(saved.stockQuantity);
    } catch (error) {
      const fields = isApiError(error) ? (error.fieldErrors ?? []).filter((e) => e.field === 'change' || e.field === 'reason') : [];
      if (isApiError(error) && error.code === 'PRODUCT_STOCK_BELOW_ZERO') fields.push({ field: 'change', message: apiErrorMessage(error) });
      if (fields.length) form.setFields(fields.map(({ field, message }) => ({ name: field as keyof AdjustmentValues, errors: [message] })));
      else notification.error({ title: M.adjustTitle, description: apiErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<AdjustmentValues> form={form} name="stock-adjustment" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={saving} className="stock-history__adjust-form">
      <div className="stock-history__adjust" role="group" aria-label={M.adjustTitle}>
        <Form.Item
          label={M.adjustChange}
          name="change"
          className="stock-history__adjust-change"
          rules={[{ validator: (_, v: number | null | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(M.adjustChangeRequired))) }]}
        >
          <InputNumber<number> step={1} precision={0} min={-STOCK_ADJUSTMENT_MAX} max={STOCK_ADJUSTMENT_MAX} placeholder="+5 or -2" />
        </Form.Item>
        <Form.Item label={M.adjustReason} name="reason" className="stock-history__adjust-reason" rules={[{ required: true, whitespace: true, message: M.adjustReasonRequired }]}>
          <Input maxLength={STOCK_ADJUSTMENT_REASON_MAX} placeholder={M.adjustReasonPlaceholder} autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit" loading={saving} className="stock-history__adjust-submit">
          {M.adjustSubmit}
        </Button>
      </div>
    </Form>
  );
}
