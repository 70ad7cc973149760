import { AppErrorException, type Result } from '@jalaj/contracts';
import { withNoticeTexts, withTexts, type WithNoticeTexts } from '../errors/error-texts.js';

/**
 * The data of a successful reply, with the texts of its notice (if any) from the catalogue;
 * a business failure becomes the problem response it describes, its texts filled the same way.
 */
export function unwrap<T>(reply: Result<T>): WithNoticeTexts<T> {
  if (!reply.ok) throw new AppErrorException(withTexts(reply.error));
  return withNoticeTexts(reply.data);
}
