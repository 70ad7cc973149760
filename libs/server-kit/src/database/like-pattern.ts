/**
 * A SQL `LIKE`/`ILIKE` pattern that finds `text` anywhere, its `%`, `_` and `\` taken as
 * themselves (escaped with PostgreSQL's default escape character): the admin searches of
 * products and accounts.
 *
 * @param text - What the admin typed.
 * @returns `%text%`, escaped.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
