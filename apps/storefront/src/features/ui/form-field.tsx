import { type InputHTMLAttributes, type ReactNode, type Ref, type RefObject, type SelectHTMLAttributes, useCallback, useEffect, useId, useState } from 'react';

interface FieldChromeProps {
  /** The visible label. */
  readonly label: string;
  /** The problem to show under the field; marks it invalid. */
  readonly error?: string | undefined;
  /** A permanent hint under the field. */
  readonly hint?: string | undefined;
  /** Adds "(optional)" to the label. */
  readonly optional?: boolean;
  /** Extra class on the wrapper, e.g. to span the form grid. */
  readonly wrapperClassName?: string;
}

function useFieldIds(error: string | undefined, hint: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldChrome({
  id,
  label,
  optional,
  hint,
  hintId,
  error,
  errorId,
  wrapperClassName,
  children,
}: FieldChromeProps & { id: string; hintId: string | undefined; errorId: string | undefined; children: ReactNode }) {
  return (
    <div className={wrapperClassName ? `field ${wrapperClassName}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldChromeProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & { readonly ref?: Ref<HTMLInputElement> };

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({ label, error, hint, optional, wrapperClassName, ref, className, ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <FieldChrome {...{ id, label, error, hint, optional, hintId, errorId, wrapperClassName }}>
      <input
        ref={ref}
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FieldChrome>
  );
}

type SelectFieldProps = FieldChromeProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { readonly ref?: Ref<HTMLSelectElement> };

/** A labelled select with its hint and error wired up for assistive technology. */
export function SelectField({ label, error, hint, optional, wrapperClassName, ref, children, ...select }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <FieldChrome {...{ id, label, error, hint, optional, hintId, errorId, wrapperClassName }}>
      <select
        ref={ref}
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
    </FieldChrome>
  );
}

/**
 * Moves focus to the first invalid field of a form once the errors are on
 * screen, so keyboard and screen-reader users land on what needs fixing.
 *
 * @param formRef - The form.
 * @returns Call it when a submission was rejected.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, formRef]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
