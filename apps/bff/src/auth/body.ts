import { z } from 'zod';
import { AppErrorException } from '@jalaj/contracts';

/** Parses a request body with a schema; a bad body is a 400 with one error per field. */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
  throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'The request is not valid.', fieldErrors });
}
