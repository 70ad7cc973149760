import { INVOICE_PRINT_DELAY_MS } from '@jalaj/commerce';
import { type ApiError, BillOfSupplySheet, useSession } from '@jalaj/web-kit';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { type Bill, useBill } from '../../api/orders.js';
import { SessionPending, SignInPrompt } from '../account/sign-in-prompt.js';
import { renderApiError } from '../ui/error-text.js';
import { LoadError } from '../ui/load-error.js';
import { PrinterIcon } from './order-icons.js';
import { ORDERS_SIGN_IN_MESSAGE } from './order-view.js';
import './invoice.css';

/**
 * `/orders/:id/invoice`: the printable bill of supply, opened in a new window by the order
 * card's Invoice button. The window restores the session itself (refresh cookie), loads the
 * bill and prints once, {@link INVOICE_PRINT_DELAY_MS} after the bill has rendered (spec §9).
 * An unpaid order reads why there is no bill yet; another user's order reads the API's
 * not-found text.
 */
export function InvoicePage({ orderId }: { readonly orderId: string }) {
  const { status } = useSession();
  const { data: bill, error, isValidating, mutate } = useBill(status === 'signed-in' ? orderId : null);

  const printed = useRef(false);
  useEffect(() => {
    if (!bill || printed.current) return;
    // Marked inside the timer: StrictMode's trial unmount clears a timer that never ran.
    const timer = setTimeout(() => {
      printed.current = true;
      window.print();
    }, INVOICE_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [bill]);

  // The title names the PDF a shopper saves from the print dialog.
  return (
    <>
      <title>{bill ? `${bill.invoiceNumber} — Bill of Supply — Jalaj` : 'Bill of Supply — Jalaj'}</title>
      <InvoiceBody status={status} bill={bill} error={error} retrying={isValidating} onRetry={() => void mutate()} />
    </>
  );
}

interface InvoiceBodyProps {
  readonly status: ReturnType<typeof useSession>['status'];
  readonly bill: Bill | undefined;
  readonly error: ApiError | undefined;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}

function InvoiceBody({ status, bill, error, retrying, onRetry }: InvoiceBodyProps) {
  if (status === 'loading') return <SessionPending />;
  if (status === 'signed-out') return <SignInPrompt message={ORDERS_SIGN_IN_MESSAGE} />;
  if (bill) {
    return (
      <>
        <div className="invoice-toolbar">
          <Link to="/orders" className="button button--outline button--small">
            Back to My Orders
          </Link>
          <button type="button" className="button button--primary button--small" onClick={() => window.print()}>
            <PrinterIcon width={18} height={18} />
            Print
          </button>
        </div>
        <div className="invoice-sheet">
          <BillOfSupplySheet bill={bill} />
        </div>
      </>
    );
  }
  if (error) {
    // A refusal (no such order of this shopper, or no bill yet) is the answer; anything else may pass.
    if (error.status === 404) {
      return (
        <div className="state-panel invoice-refusal" role="alert">
          <p className="state-panel__title">{renderApiError(error).message}</p>
          <Link to="/orders" className="button button--primary">
            Back to My Orders
          </Link>
        </div>
      );
    }
    return <LoadError what="this invoice" onRetry={onRetry} retrying={retrying} />;
  }
  return (
    <p className="state-message invoice-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading invoice...
    </p>
  );
}
