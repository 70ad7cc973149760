import { z } from 'zod';

/**
 * The one list of error codes used across the shop. Services return them in typed
 * failure results (expected business outcomes) or throw them (unexpected failures);
 * the BFF maps each to an HTTP status and the spec's user-facing text.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'OUT_OF_STOCK',
  'INSUFFICIENT_STOCK',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status the BFF answers with for each code. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  OUT_OF_STOCK: 409,
  INSUFFICIENT_STOCK: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** A field-level problem, as shown beside a form field. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The error part of a failed reply: a stable code, the user-facing text, optional details. */
export const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  /** Short title for a toast (e.g. 'Out of Stock'); optional. */
  title: z.string().optional(),
  /** The user-facing text, word for word from the spec where the spec has one. */
  message: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

/** Reply of every RPC: a typed success or a typed business failure. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

/** Builds the zod schema of a `Result<T>` reply from the schema of its data. */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);
}

/** Shorthand for a success result. */
export const ok = <T>(data: T): Result<T> => ({ ok: true, data });

/** Shorthand for a failure result. */
export const fail = (code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}): Result<never> => ({
  ok: false,
  error: { code, message, ...extra },
});

/**
 * An unexpected failure carrying a stable code, thrown across process boundaries
 * (the RPC layer turns it back into an `AppErrorException` on the caller's side).
 */
export class AppErrorException extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppErrorException';
  }
}
