import { STOCK_ALERT_MESSAGES } from '@jalaj/commerce';
import { isApiError, strokeIcon, useSession } from '@jalaj/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { PRODUCTS_PATH } from '../../api/products.js';
import { useStockAlerts, useStockAlertsApi } from '../../api/stock-alerts.js';
import { useToast } from '../toast/toast-provider.js';
import './notify-me.css';

const BellIcon = strokeIcon(
  <>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.73 21a2 2 0 0 1-3.46 0" />
  </>,
);
const CheckIcon = strokeIcon(<path d="M20 6 9 17l-5-5" />);

interface NotifyMeProps {
  readonly product: { readonly id: string; readonly name: string };
  /**
   * What a signed-out visitor is told, as Add to Cart tells them: on the landing page 'Please
   * sign in' and a move to /auth; on the product page 'Authentication Required', staying.
   */
  readonly signedOutPrompt: 'landing' | 'product';
  readonly className?: string;
}

/**
 * Notify Me for a sold-out plant (issue #41). Pressed, the shop mails the shopper once when
 * the plant is back ('We will email you when it is back in stock.') and the button reads
 * 'You will be notified', with Cancel alert beside it to undo. Every button on the page
 * shares the shopper's one list of alerts.
 */
export function NotifyMe({ product, signedOutPrompt, className = '' }: NotifyMeProps) {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const { data } = useStockAlerts(signedIn);
  const api = useStockAlertsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const waiting = signedIn && (data?.productIds.includes(product.id) ?? false);
  // A press swaps the button for another: the keyboard's focus follows to the one that undoes it.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const notifyRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    (waiting ? cancelRef : notifyRef).current?.focus();
  }, [waiting]);

  const askToSignIn = () => {
    if (signedOutPrompt === 'product') {
      toast({ title: STOCK_ALERT_MESSAGES.authRequiredTitle, description: STOCK_ALERT_MESSAGES.authRequiredText });
      return;
    }
    toast({ title: STOCK_ALERT_MESSAGES.signInTitle, description: STOCK_ALERT_MESSAGES.signInText });
    void navigate('/auth');
  };

  const press = async () => {
    if (!signedIn) return askToSignIn();
    pressed.current = true;
    setBusy(true);
    try {
      if (waiting) {
        await api.cancel(product.id);
        toast({ title: STOCK_ALERT_MESSAGES.cancelledTitle, description: STOCK_ALERT_MESSAGES.cancelledText });
      } else {
        await api.notify(product.id);
        toast({ title: STOCK_ALERT_MESSAGES.setTitle, description: STOCK_ALERT_MESSAGES.setText, tone: 'success' });
      }
    } catch (error) {
      pressed.current = false;
      if (isApiError(error) && error.status === 401) askToSignIn();
      else if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        // Back in stock since the page loaded (PRODUCT_IN_STOCK), or gone: the catalogue's
        // words, and every view of the plants shows them as they are now.
        toast({ title: error.title ?? STOCK_ALERT_MESSAGES.errorTitle, description: error.message, tone: 'error' });
        void mutate((key) => typeof key === 'string' && key.startsWith(PRODUCTS_PATH));
      }
      else toast({ title: STOCK_ALERT_MESSAGES.errorTitle, description: waiting ? STOCK_ALERT_MESSAGES.cancelFailedText : STOCK_ALERT_MESSAGES.setFailedText, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (waiting) {
    return (
      <div className="notify-me-group">
        {/* Pressed: it says so and stays so; the alert is cancelled by the button beside it. */}
        <button type="button" className={`button button--outline notify-me notify-me--set ${className}`.trim()} aria-label={`${STOCK_ALERT_MESSAGES.notified}: ${product.name}`} disabled>
          <CheckIcon width={18} height={18} />
          {STOCK_ALERT_MESSAGES.notified}
        </button>
        <button ref={cancelRef} type="button" className="link-button notify-me__cancel" aria-label={`${STOCK_ALERT_MESSAGES.cancel}: ${product.name}`} aria-busy={busy} disabled={busy} onClick={() => void press()}>
          {STOCK_ALERT_MESSAGES.cancel}
        </button>
      </div>
    );
  }
  return (
    <button
      ref={notifyRef}
      type="button"
      className={`button button--primary notify-me ${className}`.trim()}
      // The visible text starts the accessible name; the plant's name tells the cards apart.
      aria-label={`${STOCK_ALERT_MESSAGES.notifyMe}: ${product.name}`}
      aria-busy={busy}
      // While the session is being restored, a press could not tell a shopper from a visitor.
      disabled={busy || status === 'loading'}
      onClick={() => void press()}
    >
      <BellIcon width={18} height={18} />
      {STOCK_ALERT_MESSAGES.notifyMe}
    </button>
  );
}
