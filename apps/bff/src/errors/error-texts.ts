import {
  MESSAGE_CATALOGUE,
  renderReceived,
  UNEXPECTED_ERROR_TEXT,
  type CatalogueCode,
  type CatalogueData,
  type RenderedMessage,
} from '@jalaj/commerce';
import { ERROR_DATA, NOTICE_DATA, type AppError, type ErrorCode, type ErrorData, type Notice, type NoticeCode, type NoticeData } from '@jalaj/contracts';

// The catalogue lives in @jalaj/commerce, which may not import the contracts (ADR 013):
// this is where both meet, so the compiler checks here that every code of the contracts
// has an entry and that the entry renders from the data the code carries.
type Fits<C extends ErrorCode | NoticeCode, D> = C extends CatalogueCode ? (D extends CatalogueData<C> ? true : false) : false;
type ErrorFits = { [C in ErrorCode]: Fits<C, ErrorData<C>> }[ErrorCode];
type NoticeFits = { [C in NoticeCode]: Fits<C, NoticeData<C>> }[NoticeCode];
/** `true` only when the catalogue covers every code of the contracts with a fitting entry. */
export const CATALOGUE_COVERS_CONTRACTS: [ErrorFits, NoticeFits] extends [true, true] ? true : never = true;
/** The catalogue, as seen by the BFF. */
export const ERROR_CATALOGUE = MESSAGE_CATALOGUE;

/**
 * Fills an error's title and text from the catalogue by its code and data, for a problem
 * response: a `message` set by the platform itself (a failure with no code of its own) is
 * kept; a plain `VALIDATION_FAILED` with field errors reads as its fields' texts.
 *
 * @param error - The error as a service or the BFF raised it.
 * @returns The error with `message` (and `title` where the code has one).
 */
export function withTexts(error: AppError): AppError & { message: string } {
  // Data that does not fit its code (a sender on another version) must not read as 'Only undefined items'.
  const data = ERROR_DATA[error.code].safeParse(error.data ?? {});
  const rendered = data.success ? renderReceived(error.code, data.data) : undefined;
  const fieldTexts = error.code === 'VALIDATION_FAILED' && error.fieldErrors?.length ? error.fieldErrors.map((e) => e.message).join(' ') : undefined;
  const message = error.message ?? fieldTexts ?? rendered?.message ?? UNEXPECTED_ERROR_TEXT;
  const title = error.title ?? rendered?.title;
  return title === undefined ? { ...error, message } : { ...error, title, message };
}

/** A success reply that carries a notice, with the notice's texts beside it. */
export type WithNoticeTexts<T> = T extends { notice: Notice } ? T & RenderedMessage : T;

/**
 * Adds the title and text of a success notice to a reply, so that the JSON a client gets
 * keeps `title`/`message` beside the notice's code and data.
 *
 * @param data - A success reply's data.
 * @returns The same data, with `title` and `message` when it carries a notice.
 */
export function withNoticeTexts<T>(data: T): WithNoticeTexts<T> {
  if (typeof data !== 'object' || data === null || !('notice' in data)) return data as WithNoticeTexts<T>;
  const notice = (data as { notice: Notice }).notice;
  // As for errors: data that does not fit its code must not read as 'undefined items'.
  const fits = NOTICE_DATA[notice.code]?.safeParse(notice.data ?? {});
  const rendered = fits?.success ? renderReceived(notice.code, fits.data) : undefined;
  return (rendered ? { ...data, ...rendered } : data) as WithNoticeTexts<T>;
}
