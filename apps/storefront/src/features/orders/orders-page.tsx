import { useSession } from '@jalaj/web-kit';
import { useState } from 'react';
import { ORDER_PAGE_PARAM } from '@jalaj/commerce';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { type Order, useOrders } from '../../api/orders.js';
import { SessionPending, SignInPrompt } from '../account/sign-in-prompt.js';
import { LoadError } from '../ui/load-error.js';
import { OrderCard } from './order-card.js';
import { OrderDetailsDialog } from './order-details-dialog.js';
import { invoicePath, NO_ORDERS_TITLE, orderCountText, ORDERS_SIGN_IN_MESSAGE } from './order-view.js';
import './orders.css';

const PLACEHOLDER_CARDS = 2;

/**
 * `/orders` (spec §2): the sign-in prompt, the order count, a loading state, 'No orders yet'
 * with Start Shopping, and one card per order, newest first, with Details (a dialog) and
 * Invoice (the printable bill of supply in a new window). `?order=<id>` opens that order's
 * Details (the link of the success page and the order mails).
 */
export function OrdersPage() {
  const { status } = useSession();
  const { data, error, isLoading, isValidating, mutate } = useOrders(status === 'signed-in');
  const [details, setDetails] = useState<Order | null>(null);
  const navigate = useNavigate();
  // `/orders?order=<id>` (the success page's and the mails' link) opens that order's Details.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(ORDER_PAGE_PARAM);
  const linked = linkedId === null ? null : (data?.items.find((o) => o.id === linkedId) ?? null);

  function closeDetails() {
    setDetails(null);
    if (linkedId !== null)
      setParams(
        (now) => {
          now.delete(ORDER_PAGE_PARAM);
          return now;
        },
        { replace: true },
      );
  }

  function openInvoice(order: Order) {
    const path = invoicePath(order.id);
    // A new window that prints itself; it restores the session from the refresh cookie.
    const opened = window.open(path, '_blank');
    if (opened) opened.opener = null;
    // A blocked pop-up still gets the shopper to the bill.
    else void navigate(path);
  }

  const heading = (lead?: string) => (
    <header className="page-toolbar">
      <div>
        <h1 className="page-title">My Orders</h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
    </header>
  );

  if (status === 'loading') return <SessionPending />;
  if (status === 'signed-out') {
    return (
      <>
        {heading()}
        <SignInPrompt message={ORDERS_SIGN_IN_MESSAGE} />
      </>
    );
  }
  if (isLoading) {
    return (
      <>
        {heading()}
        <p className="sr-only" role="status">
          Loading your orders...
        </p>
        <ul className="order-list" aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            <li key={i} className="order-card order-card--placeholder">
              <span className="skeleton-line skeleton-line--title" />
              <span className="skeleton-line skeleton-line--short" />
              <span className="skeleton-line" />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        {heading()}
        <LoadError what="your orders" onRetry={() => void mutate()} retrying={isValidating} />
      </>
    );
  }

  const orders = data.items;
  if (orders.length === 0) {
    return (
      <>
        {heading(orderCountText(0))}
        <div className="state-panel">
          <p className="state-panel__title">{NO_ORDERS_TITLE}</p>
          <p>When you buy plants, your orders and their invoices appear here.</p>
          <Link to={{ pathname: '/', hash: '#plants' }} className="button button--primary">
            Start Shopping
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      {heading(orderCountText(orders.length))}
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onDetails={setDetails} onInvoice={openInvoice} />
          </li>
        ))}
      </ul>
      <OrderDetailsDialog
        order={details ? (orders.find((o) => o.id === details.id) ?? details) : linked}
        onClose={closeDetails}
        onOrderChanged={(changed) => void mutate((now) => now && { ...now, items: now.items.map((o) => (o.id === changed.id ? changed : o)) }, { revalidate: false })}
      />
    </>
  );
}
