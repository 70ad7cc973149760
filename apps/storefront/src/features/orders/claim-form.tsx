import {
  claimableQuantities,
  CLAIM_DESCRIPTION_MAX,
  GUARANTEE_MESSAGES,
  IMAGE_INPUT_ACCEPT,
  IMAGE_MESSAGES,
  isAllowedImageType,
  MAX_CLAIM_PHOTOS,
  MAX_IMAGE_BYTES,
  MIN_CLAIM_PHOTOS,
} from '@jalaj/commerce';
import { isApiError, useApiClient } from '@jalaj/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { fileClaim, type Order } from '../../api/orders.js';
import { useToast } from '../toast/toast-provider.js';
import { renderApiError } from '../ui/error-text.js';
import { lineName } from './order-view.js';

/** Why the chosen photos cannot be sent; null when they can. */
function photosProblem(files: readonly File[]): string | null {
  if (files.length < MIN_CLAIM_PHOTOS || files.length > MAX_CLAIM_PHOTOS) return GUARANTEE_MESSAGES.photosRequired;
  if (files.some((f) => !isAllowedImageType(f.type))) return IMAGE_MESSAGES.invalidTypeText;
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) return IMAGE_MESSAGES.tooLargeText;
  return null;
}

/** Props of {@link ClaimForm}. */
export interface ClaimFormProps {
  readonly order: Order;
  /** The claim was sent: the order as the server answered it. */
  readonly onFiled: (order: Order) => void;
  readonly onCancel: () => void;
}

/**
 * The guarantee claim (issue #41): which plants and how many (at most what is left to claim
 * of each, `claimableQuantities`), what happened, and one to four photos. Checked here as the
 * server checks it; the server's refusal (the window closed meanwhile, a photo that is no
 * image) is shown in the form, which keeps what was entered.
 */
export function ClaimForm({ order, onFiled, onCancel }: ClaimFormProps) {
  const client = useApiClient();
  const toast = useToast();
  const ids = useId();
  const left = claimableQuantities(order);
  const claimable = order.lines.filter((l) => (left.get(l.productId) ?? 0) > 0);
  const [quantities, setQuantities] = useState<Record<string, number>>(() => (claimable.length === 1 ? { [claimable[0]!.productId]: 1 } : {}));
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const lines = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const first = !lines.length ? GUARANTEE_MESSAGES.linesRequired : !description.trim() ? GUARANTEE_MESSAGES.descriptionRequired : photosProblem(photos);
    setProblem(first);
    if (first) return;
    setSending(true);
    try {
      const filed = await fileClaim(client, order.id, { lines, description: description.trim() }, photos);
      toast({ title: filed.title ?? GUARANTEE_MESSAGES.filedTitle, description: filed.message, tone: 'success' });
      onFiled(filed.order);
    } catch (error) {
      setProblem(isApiError(error) ? renderApiError(error).message : GUARANTEE_MESSAGES.errorTitle);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="claim-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="order-details__heading">
        {GUARANTEE_MESSAGES.dialogTitle}
      </h3>
      <p className="claim-form__intro">{GUARANTEE_MESSAGES.intro}</p>

      <fieldset className="claim-form__plants">
        <legend className="field__label">Which plants, and how many</legend>
        {claimable.map((line) => {
          const max = left.get(line.productId) ?? 0;
          const inputId = `${ids}-${line.productId}`;
          return (
            <div key={line.productId} className="claim-form__plant">
              <label htmlFor={inputId}>
                <span className="order-details__name">{lineName(line)}</span>
                <span className="claim-form__left">Up to {max}</span>
              </label>
              <input
                id={inputId}
                className="field__input claim-form__quantity"
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                step={1}
                value={quantities[line.productId] ?? 0}
                onChange={(e) => setQuantities((now) => ({ ...now, [line.productId]: Math.min(max, Math.max(0, Math.trunc(Number(e.target.value) || 0))) }))}
              />
            </div>
          );
        })}
      </fieldset>

      <div className="field">
        <label htmlFor={`${ids}-what`} className="field__label">
          {GUARANTEE_MESSAGES.whatHappened}
        </label>
        <textarea
          id={`${ids}-what`}
          className="field__input claim-form__text"
          rows={4}
          maxLength={CLAIM_DESCRIPTION_MAX}
          required
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor={`${ids}-photos`} className="field__label">
          {GUARANTEE_MESSAGES.photos}
        </label>
        <input
          id={`${ids}-photos`}
          className="claim-form__file"
          type="file"
          accept={IMAGE_INPUT_ACCEPT}
          multiple
          aria-describedby={`${ids}-photos-hint`}
          onChange={(e) => {
            setPhotos(Array.from(e.target.files ?? []));
            setProblem(null);
          }}
        />
        <p id={`${ids}-photos-hint`} className="field__hint">
          {GUARANTEE_MESSAGES.photosHint}
        </p>
        {photos.length ? (
          <ul className="claim-form__files" aria-label="Chosen photos">
            {photos.map((p) => (
              <li key={`${p.name}-${p.size}`}>{p.name}</li>
            ))}
          </ul>
        ) : null}
      </div>

      {problem ? (
        <p className="claim-form__problem" role="alert">
          {problem}
        </p>
      ) : null}

      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : GUARANTEE_MESSAGES.send}
        </button>
      </div>
    </form>
  );
}
