import { PrinterOutlined } from '@ant-design/icons';
import { BillOfSupplySheet } from '@jalaj/web-kit';
import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { apiErrorMessage, ORDER_CHANGE_FALLBACKS } from '../../api/error-messages.js';
import { useOrderBill } from '../../api/orders.js';

/** The class on `<body>` while a bill is open: the print styles then print only the bill. */
const PRINTING_CLASS = 'printing-bill';

/** The bill of supply of an order (`admin.orders.bill`) in a dialog, with Print: the one bill of libs/web-kit, as the shopper's invoice shows it. */
export function BillModal({ orderId, onClose }: { readonly orderId: string | null; readonly onClose: () => void }) {
  const { data, error, isLoading } = useOrderBill(orderId);

  useEffect(() => {
    if (orderId === null) return undefined;
    document.body.classList.add(PRINTING_CLASS);
    return () => document.body.classList.remove(PRINTING_CLASS);
  }, [orderId]);

  return (
    <Modal
      open={orderId !== null}
      title="Bill of Supply"
      onCancel={onClose}
      width={820}
      rootClassName="bill-modal"
      destroyOnHidden
      footer={
        <Button type="primary" icon={<PrinterOutlined />} disabled={!data} onClick={() => window.print()}>
          Print
        </Button>
      }
    >
      {error ? (
        <Alert type="error" showIcon title={apiErrorMessage(error, ORDER_CHANGE_FALLBACKS.bill)} />
      ) : isLoading || !data ? (
        <div className="admin-loading" aria-busy="true">
          <Spin description="Loading bill..." />
        </div>
      ) : (
        <BillOfSupplySheet bill={data} headingLevel={2} />
      )}
    </Modal>
  );
}
