import { useParams } from 'react-router-dom';
import { InvoicePage } from '../features/orders/invoice-page.js';

/**
 * `/orders/:id/invoice`: the printable bill of supply in its own window, without the site's
 * header and footer (it is printed on A4).
 */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  return (
    <main id="main-content" className="invoice-page">
      <InvoicePage orderId={id} />
    </main>
  );
}
