import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { claimStatusText, GUARANTEE_MESSAGES, orderNumber } from '@jalaj/commerce';
import { apiPath, claimDeclineReasonSchema, type AdminOrderView, type GuaranteeClaimView } from '@jalaj/contracts';
import { usePrivateImage } from '@jalaj/web-kit';
import { Button, Form, Image, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { orderChangeFailure, orderChangeSuccess } from '../../api/error-messages.js';
import { useOrderChanges } from '../../api/orders.js';
import { useConfirm } from '../../use-confirm.js';
import { useNotification } from '../../use-notification.js';
import { adminDateTime } from './order-display.js';

const CLAIM_COLORS = { pending: 'gold', approved: 'green', declined: 'red' } as const;

/**
 * The order's guarantee claims in its drawer (issue #41, docs/adr/078): each with its plants,
 * what the shopper wrote and their photos (private: fetched with the admin's token), and for a
 * waiting one Approve (a replacement order at ₹0, after a confirmation) or Decline (with the
 * reason the shopper reads). Its notices and confirmation are the console's (ADR 083).
 */
export function ClaimPanel({ order }: { readonly order: AdminOrderView }) {
  if (!order.claims.length) return null;
  return (
    <section aria-label="Guarantee claims" className="claim-panel">
      <Typography.Title level={4} className="order-drawer__subhead">
        Guarantee claims
      </Typography.Title>
      {order.claims.map((claim) => (
        <ClaimCard key={claim.id} orderId={order.id} claim={claim} />
      ))}
    </section>
  );
}

function ClaimCard({ orderId, claim }: { readonly orderId: string; readonly claim: GuaranteeClaimView }) {
  const { approveClaim, declineClaim } = useOrderChanges();
  const notification = useNotification();
  const confirm = useConfirm();
  const [declining, setDeclining] = useState(false);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const run = async (change: 'approveClaim' | 'declineClaim', call: () => Promise<Parameters<typeof orderChangeSuccess>[0]>) => {
    setSending(true);
    try {
      notification.success(orderChangeSuccess(await call()));
    } catch (caught) {
      notification.error(orderChangeFailure(change, caught));
    } finally {
      setDeclining(false);
      setSending(false);
    }
  };

  const approve = () =>
    confirm({
      title: 'Approve this claim?',
      content: `A replacement order at ₹0 for ${claim.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')} is made to the order’s shipping address. Its stock is taken now, and it waits for the fulfilment steps like any order.`,
      okText: 'Approve and send replacements',
      danger: false,
      onConfirm: () => run('approveClaim', () => approveClaim(claim.id)),
    });

  return (
    <div className="claim-card" data-claim={claim.id}>
      <Space wrap size={[8, 4]}>
        <Tag color={CLAIM_COLORS[claim.state]}>{claimStatusText(claim.state)}</Tag>
        <Typography.Text type="secondary">{adminDateTime(claim.createdAt)}</Typography.Text>
      </Space>
      <ul className="claim-card__lines">
        {claim.lines.map((l) => (
          <li key={l.productId}>
            {l.productName} × {l.quantity}
          </li>
        ))}
      </ul>
      <Typography.Paragraph className="claim-card__text">{claim.description}</Typography.Paragraph>
      <Image.PreviewGroup>
        <div className="claim-card__photos">
          {claim.photoIds.map((photoId, index) => (
            <ClaimPhoto key={photoId} path={apiPath('admin.orders.claimPhoto', { id: orderId, photoId })} alt={`Claim photo ${index + 1}`} />
          ))}
        </div>
      </Image.PreviewGroup>
      {claim.declineReason && <Typography.Paragraph>Declined: {claim.declineReason}</Typography.Paragraph>}
      {claim.replacement && <Typography.Paragraph>Replacement order #{orderNumber(claim.replacement.merchantOrderId)}</Typography.Paragraph>}
      {claim.state === 'pending' && (
        <Space wrap className="claim-card__actions">
          <Button type="primary" icon={<CheckOutlined />} onClick={approve} disabled={sending}>
            {GUARANTEE_MESSAGES.approve}
          </Button>
          <Button danger icon={<CloseOutlined />} onClick={() => setDeclining(true)} disabled={sending}>
            {GUARANTEE_MESSAGES.decline}
          </Button>
        </Space>
      )}
      <Modal
        open={declining}
        title="Decline this claim?"
        okText="Decline"
        okButtonProps={{ danger: true }}
        onOk={() => form.submit()}
        onCancel={() => setDeclining(false)}
        confirmLoading={sending}
        destroyOnHidden
      >
        <Form form={form} name={`decline-${claim.id}`} layout="vertical" requiredMark={false} preserve={false} onFinish={(v) => void run('declineClaim', () => declineClaim(claim.id, v.reason.trim()))}>
          <Form.Item
            name="reason"
            label="Reason (the shopper reads it)"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const checked = claimDeclineReasonSchema.safeParse(value ?? '');
                  if (!checked.success) throw new Error(checked.error.issues[0]?.message);
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** A claim photo, fetched with the admin's own token (it is private), with antd's preview. */
function ClaimPhoto({ path, alt }: { readonly path: string; readonly alt: string }) {
  const image = usePrivateImage(path);
  if (image.status !== 'ready') return <span className="claim-card__photo claim-card__photo--empty">{image.status === 'failed' ? 'Unavailable' : 'Loading…'}</span>;
  return <Image src={image.url} alt={alt} width={88} height={88} className="claim-card__photo" />;
}
