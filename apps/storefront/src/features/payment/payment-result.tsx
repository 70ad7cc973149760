import { type ReactNode, useEffect, useRef } from 'react';
import { CheckCircleIcon, ClockIcon, XCircleIcon } from '../ui/icons.js';
import './payment.css';

/** Props of {@link PaymentResult}. */
export interface PaymentResultProps {
  readonly tone: 'success' | 'failure' | 'pending';
  /** The page's heading, also its document title. */
  readonly title: string;
  /** One sentence under the heading. */
  readonly lead: ReactNode;
  /** Shown instead of the tone's icon (the pending page's spinner). */
  readonly icon?: ReactNode;
  readonly children?: ReactNode;
}

const ICONS = { success: CheckCircleIcon, failure: XCircleIcon, pending: ClockIcon } as const;

/**
 * The card of the payment outcome pages: the icon of the outcome, the heading (focused
 * when it appears, so a screen reader announces where the shopper landed), the lead and the
 * page's facts, lists and buttons.
 */
export function PaymentResult({ tone, title, lead, icon, children }: PaymentResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [title]);
  const Icon = ICONS[tone];

  return (
    <article className={`payment-result payment-result--${tone}`} aria-labelledby="payment-result-title">
      <title>{`${title} — Jalaj`}</title>
      <div className="payment-result__icon">{icon ?? <Icon width={56} height={56} />}</div>
      <h1 id="payment-result-title" ref={headingRef} tabIndex={-1} className="payment-result__title">
        {title}
      </h1>
      <p className="payment-result__lead">{lead}</p>
      {children}
    </article>
  );
}

/** A titled list on an outcome page (What's Next, Common issues, Next steps). */
export function PaymentList({ title, items }: { readonly title: string; readonly items: readonly string[] }) {
  return (
    <section className="payment-result__section" aria-label={title}>
      <h2 className="payment-result__subtitle">{title}</h2>
      <ul className="payment-result__list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** The facts of a payment (transaction id, amount, code) as a description list. */
export function PaymentFacts({ facts }: { readonly facts: readonly (readonly [string, string | null])[] }) {
  const shown = facts.filter((f): f is readonly [string, string] => f[1] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="facts payment-result__facts">
      {shown.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
