import { useId, useState } from 'react';

interface QuantityPickerProps {
  /** The chosen quantity, at least 1. */
  readonly value: number;
  /** The most that can be chosen: the stock. */
  readonly max: number;
  readonly onChange: (quantity: number) => void;
  readonly disabled?: boolean;
}

/**
 * Minus, a number box and plus. The box may be cleared while typing; the
 * quantity only follows whole numbers from 1 to the stock, and leaving the box
 * puts the quantity in effect back.
 */
export function QuantityPicker({ value, max, onChange, disabled = false }: QuantityPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const set = (quantity: number) => {
    const clamped = Math.min(Math.max(quantity, 1), Math.max(max, 1));
    setDraft(String(clamped));
    onChange(clamped);
  };

  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        Quantity
      </label>
      <div className="quantity__control">
        <button type="button" className="quantity__step" aria-label="Decrease quantity" aria-controls={id} disabled={disabled || value <= 1} onClick={() => set(value - 1)}>
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            const text = event.target.value;
            const quantity = Number(text);
            if (text !== '' && Number.isSafeInteger(quantity) && quantity >= 1) {
              if (quantity > max) set(quantity);
              else {
                setDraft(text);
                onChange(quantity);
              }
            } else setDraft(text);
          }}
          onBlur={() => setDraft(String(value))}
        />
        <button type="button" className="quantity__step" aria-label="Increase quantity" aria-controls={id} disabled={disabled || value >= max} onClick={() => set(value + 1)}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
