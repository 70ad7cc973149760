import { type KeyboardEvent, useEffect, useState } from 'react';
import { MinusIcon, PlusIcon } from '../ui/icons.js';
import './cart.css';

/** Props of {@link QuantityStepper}. */
export interface QuantityStepperProps {
  /** The quantity the server holds. */
  readonly value: number;
  /** The stock: the + button stops here. */
  readonly max: number;
  /** What the quantity is of, for the controls' names, e.g. the plant's name. */
  readonly itemName: string;
  /** A change is being saved: the controls ignore input meanwhile. */
  readonly busy?: boolean;
  /** Called with the wanted quantity; a typed value is passed as is, so the server can refuse it with its reason. */
  readonly onChange: (quantity: number) => void;
}

/**
 * − / number / + for a cart line. The buttons stay between 1 and the stock; a
 * typed quantity is sent on Enter or when leaving the field (Escape undoes it).
 * Controls are only marked `aria-disabled` at a bound or while saving, so the
 * keyboard focus never drops out of the stepper.
 */
export function QuantityStepper({ value, max, itemName, busy = false, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  // Shows the server's quantity again after every save, also when it refused the typed one.
  useEffect(() => {
    if (!busy) setDraft(String(value));
  }, [value, busy]);

  const canDecrease = !busy && value > 1;
  const canIncrease = !busy && value < max;

  function commit() {
    const wanted = Number(draft.trim());
    if (busy || draft.trim() === '' || !Number.isInteger(wanted) || wanted === value) {
      setDraft(String(value));
      return;
    }
    onChange(wanted);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(String(value));
    }
  }

  return (
    <div className="stepper" role="group" aria-label={`${itemName}: quantity`} aria-busy={busy}>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Decrease quantity of ${itemName}`}
        aria-disabled={!canDecrease}
        onClick={() => canDecrease && onChange(value - 1)}
      >
        <MinusIcon width={16} height={16} />
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft}
        aria-label={`Quantity of ${itemName}`}
        readOnly={busy}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={`Increase quantity of ${itemName}`}
        aria-disabled={!canIncrease}
        onClick={() => canIncrease && onChange(value + 1)}
      >
        <PlusIcon width={16} height={16} />
      </button>
    </div>
  );
}
