import { DELIVERY_CHECK_TEXTS, deliveryQuote, deliveryQuoteText, sanitizePostalCodeInput } from '@jalaj/commerce';
import { isApiError, useSession } from '@jalaj/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { useAddresses } from '../../api/addresses.js';
import { useShippingQuote } from '../../api/checkout.js';
import { TextField } from '../ui/form-field.js';
import { TruckIcon } from '../ui/icons.js';

/**
 * Check delivery (issue #41): what delivery to a PIN code costs and how long it takes,
 * before checkout. The answer is the server's shipping quote, the rule checkout charges
 * ('Delivery to 700016: ₹75 shipping, 3-5 business days'); a code that is not six digits
 * gets the spec's 'Invalid postal code. Must be 6 digits.' at once. A signed-in shopper's
 * default shipping PIN is filled in and answered without a press.
 */
export function CheckDelivery() {
  const titleId = useId();
  const { status } = useSession();
  const { data: addresses } = useAddresses(status === 'signed-in');
  const defaultPin = addresses?.items.find((a) => a.isDefaultShipping)?.postalCode ?? null;
  /** What the shopper typed; null until they type, so the default PIN can fill the field. */
  const [typed, setTyped] = useState<string | null>(null);
  /** The PIN the shopper asked about; null before they ask (or after a bad one). */
  const [asked, setAsked] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const pin = typed ?? defaultPin ?? '';
  const quoted = asked ?? (typed === null ? defaultPin : null);
  const { data, error, isLoading, isValidating, mutate } = useShippingQuote(quoted);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTyped(pin);
    const local = deliveryQuote(pin);
    if (!local.ok) {
      setInvalid(local.message);
      setAsked(null);
      return;
    }
    setInvalid(null);
    if (local.postalCode === quoted) void mutate();
    setAsked(local.postalCode);
  };

  const refused = isApiError(error) && error.code === 'INVALID_POSTAL_CODE' ? error.message : null;
  const fieldError = invalid ?? refused ?? undefined;
  let answer: string | null = null;
  if (quoted && !fieldError) {
    if (isLoading) answer = DELIVERY_CHECK_TEXTS.checking;
    else if (error) answer = DELIVERY_CHECK_TEXTS.failed;
    else if (data) answer = deliveryQuoteText(data);
  }

  return (
    <section className="panel delivery-check" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title delivery-check__title">
        <TruckIcon width={20} height={20} />
        Delivery
      </h2>
      <form className="delivery-check__form" onSubmit={submit} noValidate>
        <TextField
          label={DELIVERY_CHECK_TEXTS.label}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="700016"
          value={pin}
          error={fieldError}
          wrapperClassName="delivery-check__field"
          onChange={(e) => {
            setTyped(sanitizePostalCodeInput(e.target.value));
            setInvalid(null);
          }}
        />
        <button type="submit" className="button button--outline delivery-check__button" disabled={isValidating && !!quoted} aria-busy={isValidating && !!quoted}>
          {DELIVERY_CHECK_TEXTS.button}
        </button>
      </form>
      {/* Always in the page, so a screen reader hears each new answer. */}
      <p className={error && !refused ? 'delivery-check__answer delivery-check__answer--failed' : 'delivery-check__answer'} role="status">
        {answer}
      </p>
    </section>
  );
}
