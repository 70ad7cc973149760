import { CarOutlined } from '@ant-design/icons';
import { hasTracking, nextFulfilmentSteps } from '@jalaj/commerce';
import type { AdminOrderView, FulfilmentInput, FulfilmentStatus } from '@jalaj/contracts';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { orderChangeFailure, orderChangeSuccess } from '../../api/error-messages.js';
import { useOrderChanges } from '../../api/orders.js';
import { fulfilmentLabel } from './order-display.js';
import { useNotification } from '../../use-notification.js';

interface FulfilmentValues {
  status?: FulfilmentStatus;
  courier?: string;
  trackingNumber?: string;
  note?: string;
}

/** The step as the API takes it: blank fields left out. */
export function fulfilmentInput(values: FulfilmentValues & { status: FulfilmentStatus }): FulfilmentInput {
  const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const step: FulfilmentInput = { status: values.status };
  const courier = values.status === 'shipped' ? trimmed(values.courier) : undefined;
  const trackingNumber = values.status === 'shipped' ? trimmed(values.trackingNumber) : undefined;
  const note = trimmed(values.note);
  if (courier) step.courier = courier;
  if (trackingNumber) step.trackingNumber = trackingNumber;
  if (note) step.note = note;
  return step;
}

/** Why an order offers no next step. */
function fulfilmentClosedText(order: AdminOrderView): string {
  if (order.state === 'refund_pending' || order.state === 'refunded') return 'No further steps: the order is refunded.';
  if (order.state !== 'paid') return 'Fulfilment starts once the order is paid.';
  return `Fulfilment is complete (${fulfilmentLabel(order.fulfilmentStatus)}).`;
}

/**
 * Sets an order's next fulfilment step. It offers only the steps that may follow the
 * current one (`nextFulfilmentSteps`); shipped asks for the courier and the tracking number,
 * checked here with `hasTracking` and again by the server.
 */
export function FulfilmentForm({ order }: { readonly order: AdminOrderView }) {
  const [form] = Form.useForm<FulfilmentValues>();
  const status = Form.useWatch('status', form);
  const { fulfil } = useOrderChanges();
  const notification = useNotification();
  const [saving, setSaving] = useState(false);
  const steps = nextFulfilmentSteps(order.state, order.fulfilmentStatus);

  if (steps.length === 0) {
    return (
      <Typography.Paragraph type="secondary" className="order-drawer__note">
        {fulfilmentClosedText(order)}
      </Typography.Paragraph>
    );
  }

  const submit = async (values: FulfilmentValues) => {
    if (!values.status) return;
    const step = fulfilmentInput({ ...values, status: values.status });
    if (!hasTracking(step)) return;
    setSaving(true);
    try {
      notification.success(orderChangeSuccess(await fulfil(order.id, step)));
      form.resetFields();
    } catch (caught) {
      notification.error(orderChangeFailure('fulfil', caught));
    } finally {
      setSaving(false);
    }
  };

  const shipping = status === 'shipped';
  const trackingRule = (what: string) => ({ required: true, whitespace: true, message: `Enter the ${what} to mark the order shipped.` });

  return (
    <Form form={form} layout="vertical" requiredMark="optional" onFinish={(values) => void submit(values)} className="fulfilment-form" aria-label="Update fulfilment">
      <Form.Item name="status" label="Next step" rules={[{ required: true, message: 'Choose the next step.' }]}>
        <Select placeholder="Choose a step" options={steps.map((step) => ({ value: step, label: fulfilmentLabel(step) }))} />
      </Form.Item>
      {shipping && (
        <div className="fulfilment-form__row">
          <Form.Item name="courier" label="Courier" rules={[trackingRule('courier')]}>
            <Input maxLength={60} autoComplete="off" placeholder="e.g. India Post" />
          </Form.Item>
          <Form.Item name="trackingNumber" label="Tracking number" rules={[trackingRule('tracking number')]}>
            <Input maxLength={60} autoComplete="off" placeholder="e.g. EK123456789IN" />
          </Form.Item>
        </div>
      )}
      <Form.Item name="note" label="Note for the shopper">
        <Input.TextArea maxLength={500} rows={2} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<CarOutlined />} loading={saving}>
        Update Fulfilment
      </Button>
    </Form>
  );
}
