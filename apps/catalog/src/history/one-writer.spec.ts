import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The stock history holds only while one statement writes the stock (ADR 080): the
 * catalog's sources (not its migrations: the functions of ADR 055 they once created are
 * dropped) are read for a second writer, in SQL (`stock_quantity = …` in an
 * update) or through the ORM (`….stockQuantity = …` on an entity, not a query's `where`, `em.nativeUpdate`,
 * `qb.update`). A new way to change stock goes through `StockLedger.apply`, or this fails.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(p);
    else if (/\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name)) yield p;
  }
}

describe('the one writer of stock', () => {
  const files = [...sources(SRC)].filter((file) => !file.includes(`${path.sep}migrations${path.sep}`)).map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, 'utf8') }));

  it('is the ledger statement, the only SQL that sets stock_quantity', () => {
    expect(files.filter((f) => /set\s+stock_quantity\s*=/i.test(f.text)).map((f) => f.file)).toEqual(['history/stock-changes.repository.ts']);
  });

  it('is never bypassed through the ORM', () => {
    expect(files.filter((f) => /(?<!where)\.stockQuantity\s*=[^=]|nativeUpdate\s*\(\s*Product|createQueryBuilder\s*\(\s*Product[^)]*\)\s*\.update/.test(f.text)).map((f) => f.file)).toEqual([]);
  });
});
