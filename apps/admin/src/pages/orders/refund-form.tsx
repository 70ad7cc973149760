import { RollbackOutlined } from '@ant-design/icons';
import { formatRupees, paiseToRupees, refundablePaise, rupeesToPaise } from '@jalaj/commerce';
import { refundReasonSchema, type AdminOrderView, type RefundInput } from '@jalaj/contracts';
import { isApiError, newIdempotencyKey } from '@jalaj/web-kit';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useRef, useState } from 'react';
import { orderChangeFailure, orderChangeSuccess } from '../../api/error-messages.js';
import { useOrderChanges } from '../../api/orders.js';
import { useNotification } from '../../use-notification.js';

interface RefundValues {
  amount: number | null;
  reason: string;
}

/** The smallest refund the server takes, in paise (₹1). */
const MIN_REFUND_PAISE = 100;

/** Whether an order may be refunded from the Orders tab: a sale with some of its payment left to refund. */
export function canRefund(order: Pick<AdminOrderView, 'state' | 'totalPaise' | 'refundedPaise'>): boolean {
  return refundablePaise(order) > 0;
}

/** An answer that says nothing about whether the change happened (outage, lost connection): the next try repeats it under the same key. */
export const outcomeUnknown = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * Refunds part or all of what is left paid of an order through PhonePe; a part leaves it
 * partly refunded, still to be shipped and refundable further. The amount (in rupees)
 * defaults to what is left and may not exceed it; a reason is required; a confirmation names
 * the amount. One attempt sends one request: the button is disabled while it is pending, and
 * the attempt carries one Idempotency-Key, kept when the answer was lost so that trying
 * again cannot refund twice.
 */
export function RefundForm({ order }: { readonly order: AdminOrderView }) {
  const [form] = Form.useForm<RefundValues>();
  const { refund } = useOrderChanges();
  const notification = useNotification();
  const [confirming, setConfirming] = useState<RefundInput | null>(null);
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const leftPaise = refundablePaise(order);
  const leftRupees = paiseToRupees(leftPaise);
  const partly = order.refundedPaise > 0;

  const review = (values: RefundValues) => {
    if (values.amount === null) return;
    attemptKey.current ??= newIdempotencyKey();
    setConfirming({ amountPaise: rupeesToPaise(values.amount.toFixed(2)), reason: values.reason.trim() });
  };

  const send = async () => {
    if (!confirming || sending) return;
    setSending(true);
    try {
      const reply = await refund(order.id, confirming, attemptKey.current ?? newIdempotencyKey());
      attemptKey.current = null;
      notification.success(orderChangeSuccess(reply));
      setConfirming(null);
    } catch (caught) {
      // A definite refusal ends the attempt; after a lost answer the next try repeats this one.
      if (!outcomeUnknown(caught)) attemptKey.current = null;
      notification.error(orderChangeFailure('refund', caught));
      setConfirming(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form<RefundValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: leftRupees, reason: '' }}
        onFinish={review}
        className="refund-form"
        aria-label="Refund"
        // No notice covers the refund's amount, reason and button (web-kit's KEEP_CLEAR_ATTRIBUTE, issue #42).
        data-notice-clear=""
      >
        <Form.Item
          name="amount"
          label="Refund amount (₹)"
          extra={partly ? `Up to ${formatRupees(leftPaise)}, what is left of ${formatRupees(order.totalPaise)} paid.` : `Up to ${formatRupees(leftPaise)}, the amount paid.`}
          rules={[
            { required: true, message: 'Enter the amount to refund.' },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) return;
                const paise = Math.round(value * 100);
                if (paise < MIN_REFUND_PAISE || paise > leftPaise) throw new Error(`The refund must be between ${formatRupees(MIN_REFUND_PAISE)} and ${formatRupees(leftPaise)}.`);
              },
            },
          ]}
        >
          <InputNumber min={1} max={leftRupees} step={1} precision={2} prefix="₹" className="refund-form__amount" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const checked = refundReasonSchema.safeParse(value ?? '');
                if (!checked.success) throw new Error(checked.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="e.g. Plants arrived damaged" />
        </Form.Item>
        <Button danger htmlType="submit" icon={<RollbackOutlined />} disabled={sending}>
          Refund…
        </Button>
      </Form>
      <Modal
        open={confirming !== null}
        title="Refund this order?"
        okText={confirming ? `Refund ${formatRupees(confirming.amountPaise)}` : 'Refund'}
        okButtonProps={{ danger: true, disabled: sending }}
        confirmLoading={sending}
        cancelText="Cancel"
        cancelButtonProps={{ disabled: sending }}
        onOk={() => void send()}
        onCancel={() => !sending && setConfirming(null)}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {confirming && (
          <p>
            Refund <strong>{formatRupees(confirming.amountPaise)}</strong> of {formatRupees(order.totalPaise)} to the customer through PhonePe?
            {confirming.amountPaise < leftPaise
              ? ` ${formatRupees(leftPaise - confirming.amountPaise)} stays paid and the order can still be shipped.`
              : ' Nothing of the payment stays: the order will be refunded in full.'}{' '}
            This cannot be undone.
          </p>
        )}
      </Modal>
    </>
  );
}
