import { z } from 'zod';
import { renderMessage } from '@jalaj/commerce';
import { AppErrorException, text } from '@jalaj/contracts';

/** Parses a request body with a schema; a bad body is a 400 with one error per field. */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
  throw new AppErrorException({ code: 'VALIDATION_FAILED', message: renderMessage('VALIDATION_FAILED').message, fieldErrors });
}

const idSchema = z.object({ id: text() });

/**
 * A path id as services take it: at most 64 characters (a longer one names nothing, so it
 * is cut and answers "not found"), never a NUL character (a 400).
 */
export function pathId(raw: string): string {
  return parseBody(idSchema, { id: raw.slice(0, 64) }).id;
}
