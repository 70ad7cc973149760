import { AppErrorException, type Result } from '@jalaj/contracts';

/** The data of a successful reply; a business failure becomes the problem response it describes. */
export function unwrap<T>(reply: Result<T>): T {
  if (!reply.ok) throw new AppErrorException(reply.error);
  return reply.data;
}
