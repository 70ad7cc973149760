/**
 * One problem found by a validator: which field is wrong and the user-facing text.
 *
 * @typeParam F - The field names the validator knows about (camelCase).
 */
export interface FieldError<F extends string = string> {
  /** The camelCase field name the message belongs to. */
  readonly field: F;
  /** The user-facing message, ready to show beside the field or in a toast. */
  readonly message: string;
}

/**
 * Trims a form value that may be missing; non-strings count as empty so that
 * validators can accept raw, untyped form state without crashing.
 *
 * @param value - Any form value.
 * @returns The trimmed string, or `''` when the value is not a string.
 */
export function trimmedText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Length in user-perceived characters (code points), so that a name written in
 * a script outside the Basic Multilingual Plane is not counted twice.
 *
 * @param value - The text to measure.
 * @returns The number of code points.
 */
export function textLength(value: string): number {
  return Array.from(value).length;
}
