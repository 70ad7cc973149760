import { CheckOutlined, FileDoneOutlined, RedoOutlined, RollbackOutlined } from '@ant-design/icons';
import { ATTENTION_LABELS, attentionText, decisionText, formatRupees } from '@jalaj/commerce';
import { settleNoteSchema, type AdminOrderView, type AttentionItem, type OrderDecision } from '@jalaj/contracts';
import { newIdempotencyKey } from '@jalaj/web-kit';
import { Alert, Button, Form, Input, Modal, Timeline, Typography } from 'antd';
import { useRef, useState } from 'react';
import { orderChangeFailure, orderChangeSuccess } from '../../api/error-messages.js';
import { useOrderChanges, type OrderChangeReply } from '../../api/orders.js';
import { adminDateTime } from './order-display.js';
import { outcomeUnknown } from './refund-form.js';
import { useNotification } from '../../use-notification.js';

/** A decision the drawer offers, as its dialog asks it. */
interface Decision {
  readonly title: string;
  readonly question: string;
  readonly okText: string;
  readonly danger: boolean;
  /** Asks for the note of a refund settled outside the shop. */
  readonly note: boolean;
  readonly send: (idempotencyKey: string, note: string) => Promise<OrderChangeReply>;
}


/**
 * What the order waits for an admin to decide (issue #42, ADR 081), in words, with the
 * actions that settle it: for a held payment, accept it and sell (only when PhonePe took at
 * least the total) or refund it in full; for a refused refund, try it again; for a refused or
 * stuck one, mark it settled outside the shop with a note. Each action asks in a dialog first
 * and is sent once (one Idempotency-Key per attempt, kept after a lost answer).
 */
export function NeedsAttention({ order }: { readonly order: AdminOrderView }) {
  const changes = useOrderChanges();
  const notification = useNotification();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  const attemptKey = useRef<string | null>(null);

  if (order.attention.length === 0) return null;

  const ask = (decision: Decision) => {
    attemptKey.current = null;
    form.resetFields();
    setAsking(decision);
  };

  const send = async () => {
    if (!asking || sending) return;
    let note = '';
    if (asking.note) {
      try {
        note = (await form.validateFields()).note.trim();
      } catch {
        return;
      }
    }
    attemptKey.current ??= newIdempotencyKey();
    setSending(true);
    try {
      notification.success(orderChangeSuccess(await asking.send(attemptKey.current, note)));
      attemptKey.current = null;
      setAsking(null);
    } catch (caught) {
      if (!outcomeUnknown(caught)) attemptKey.current = null;
      notification.error(orderChangeFailure('decision', caught));
      setAsking(null);
    } finally {
      setSending(false);
    }
  };

  const actions = (item: AttentionItem) => {
    if (item.reason === 'amount-mismatch') {
      return (
        <div className="needs-attention__actions">
          {item.acceptable && (
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={() =>
                ask({
                  title: 'Accept the payment and sell?',
                  question: `Accept the ${formatRupees(item.reportedPaise)} PhonePe took and sell the order for ${formatRupees(item.totalPaise)}? The plants are taken from stock, the customer is mailed the confirmation and the bill is issued${item.reportedPaise > item.totalPaise ? `; the ${formatRupees(item.reportedPaise - item.totalPaise)} more goes back to them through PhonePe` : ''}.`,
                  okText: 'Accept and sell',
                  danger: false,
                  note: false,
                  send: (key) => changes.acceptPayment(order.id, key),
                })
              }
            >
              Accept {formatRupees(item.reportedPaise)} and sell
            </Button>
          )}
          <Button
            danger
            icon={<RollbackOutlined />}
            onClick={() =>
              ask({
                title: 'Refund the payment in full?',
                question: `Refund all ${formatRupees(item.reportedPaise)} PhonePe took to the customer? The order is not sold and the customer is mailed. This cannot be undone.`,
                okText: `Refund ${formatRupees(item.reportedPaise)}`,
                danger: true,
                note: false,
                send: (key) => changes.refundHeld(order.id, key),
              })
            }
          >
            Refund {formatRupees(item.reportedPaise)} in full
          </Button>
        </div>
      );
    }
    // A guarantee claim is approved or declined in its own panel of the drawer (ClaimPanel), with its photos.
    if (item.reason === 'claim-waiting') return null;
    const settle: Decision = {
      title: 'Mark the refund settled?',
      question: `Mark the refund of ${formatRupees(item.amountPaise)} (${item.merchantRefundId}) settled outside the shop? Do this only when the customer got the money back another way: the shop stops asking PhonePe about it.`,
      okText: 'Mark settled',
      danger: true,
      note: true,
      send: (key, note) => changes.settleRefund(order.id, item.refundId, { note }, key),
    };
    return (
      <div className="needs-attention__actions">
        {item.reason === 'refund-refused' && (
          <Button
            type="primary"
            icon={<RedoOutlined />}
            onClick={() =>
              ask({
                title: 'Try the refund again?',
                question: `Ask PhonePe again for the refund of ${formatRupees(item.amountPaise)}? It is sent under a new refund id; the customer's money goes back once PhonePe completes it.`,
                okText: 'Try again',
                danger: false,
                note: false,
                send: (key) => changes.retryRefund(order.id, item.refundId, key),
              })
            }
          >
            Try the refund again
          </Button>
        )}
        <Button icon={<FileDoneOutlined />} onClick={() => ask(settle)}>
          Mark settled…
        </Button>
      </div>
    );
  };

  return (
    <section aria-labelledby={`attention-${order.id}`} className="needs-attention">
      <Typography.Title level={4} id={`attention-${order.id}`} className="order-drawer__subhead">
        Needs attention
      </Typography.Title>
      {order.attention.map((item) => (
        <Alert
          key={item.reason === 'amount-mismatch' ? item.reason : item.reason === 'claim-waiting' ? item.claimId : item.refundId}
          type="warning"
          showIcon
          className="needs-attention__item"
          title={ATTENTION_LABELS[item.reason]}
          description={
            <>
              <p className="needs-attention__text">{attentionText(item)}</p>
              {actions(item)}
            </>
          }
        />
      ))}
      <Modal
        open={asking !== null}
        title={asking?.title}
        okText={asking?.okText}
        okButtonProps={{ danger: asking?.danger ?? false, disabled: sending }}
        confirmLoading={sending}
        cancelText="Cancel"
        cancelButtonProps={{ disabled: sending }}
        onOk={() => void send()}
        onCancel={() => !sending && setAsking(null)}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {asking && <p>{asking.question}</p>}
        {asking?.note && (
          <Form form={form} layout="vertical" requiredMark={false} aria-label="How the refund was settled" onFinish={() => void send()}>
            <Form.Item
              name="note"
              label="How was it settled?"
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const checked = settleNoteSchema.safeParse(value ?? '');
                    if (!checked.success) throw new Error(checked.error.issues[0]?.message);
                  },
                },
              ]}
            >
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="e.g. Paid back by bank transfer on 29 Nov" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </section>
  );
}

/** Who decided, as the history names them. */
const byName = (d: OrderDecision) => (d.by ? d.by.fullName?.trim() || d.by.email : 'A former admin');

/** The admins' decisions on the order, oldest first: what, who and when (ADR 081). */
export function DecisionHistory({ decisions }: { readonly decisions: readonly OrderDecision[] }) {
  if (decisions.length === 0) return null;
  return (
    <section aria-label="History">
      <Typography.Title level={4} className="order-drawer__subhead">
        History
      </Typography.Title>
      <Timeline
        className="order-drawer__timeline"
        items={decisions.map((d, index) => ({
          key: `${d.kind}-${index}`,
          color: 'gray',
          content: (
            <>
              <div>{decisionText(d)}</div>
              <Typography.Text type="secondary">
                {byName(d)} · {adminDateTime(d.at)}
              </Typography.Text>
            </>
          ),
        }))}
      />
    </section>
  );
}
