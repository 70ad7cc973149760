import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { prepared, runPrepared, type OutboxRow } from '@jalaj/server-kit';

type StockLeft = { productId: string; stockQuantity: number };

/** What reserving answered: the hold (the stock each line left; none for a repeated id) or the line refused. */
export type Reserved =
  | { expiresAt: Date; products: StockLeft[] | null }
  | { refused: { productId: string; name: string | null; stock: number | null } };

/** What settling answered: whether it moved the reservation now, and its status (null: no such reservation). */
export type Settled = { settled: boolean; status: 'held' | 'committed' | 'released' | null; products: StockLeft[] | null };

/** The checkout's two stock statements, prepared once per connection. */
const STOCK = {
  reserve: prepared('stock_reserve', 'select stock_reserve($1, $2::text[], $3::integer[], $4, $5::jsonb, $6::jsonb) as answer'),
  settle: prepared('stock_settle', 'select stock_settle($1, $2, $3::jsonb, $4::jsonb) as answer'),
} as const;

/**
 * The SQL of stock reservations, by name: each change is one call of a PL/pgSQL function
 * (migration StockInOneStatement, ADR 055), run as a statement of its own — never inside a
 * caller's transaction — so it commits as it returns.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly em: EntityManager) {}

  private async call<R>(statement: (typeof STOCK)[keyof typeof STOCK], values: unknown[]): Promise<R> {
    if (this.em.getTransactionContext()) throw new Error('a stock change is a statement of its own; it cannot run inside a transaction');
    const [row] = await runPrepared<{ answer: R }>(this.em, statement, values);
    return row!.answer;
  }

  /** Reserves `lines` (each product once, sorted by id) under `reservationId`, with `event` written as it commits. */
  async reserve(reservationId: string, lines: { productId: string; quantity: number }[], ttlSeconds: number, event: OutboxRow): Promise<Reserved> {
    const answer = await this.call<{ expires_at?: string; products?: StockLeft[]; refused?: { product_id: string; name: string | null; stock: number | null } }>(
      STOCK.reserve,
      [reservationId, lines.map((l) => l.productId), lines.map((l) => l.quantity), ttlSeconds, JSON.stringify(event.envelope), JSON.stringify(event.headers)],
    );
    if (answer.refused) return { refused: { productId: answer.refused.product_id, name: answer.refused.name, stock: answer.refused.stock } };
    return { expiresAt: new Date(answer.expires_at!), products: answer.products ?? null };
  }

  /** Moves a held reservation to `to` once (a release gives its stock back, with `event`). */
  async settle(reservationId: string, to: 'committed' | 'released', event: OutboxRow | null): Promise<Settled> {
    const answer = await this.call<{ status: Settled['status']; settled?: boolean; products?: StockLeft[] | null }>(STOCK.settle, [
      reservationId,
      to,
      event ? JSON.stringify(event.envelope) : null,
      event ? JSON.stringify(event.headers) : null,
    ]);
    return { settled: answer.settled === true, status: answer.status, products: answer.products ?? null };
  }

  /** Held reservations whose time ran out, oldest first. */
  async expiredHeld(limit: number): Promise<string[]> {
    const rows = (await this.em.getConnection().execute("select id from stock_reservations where status = 'held' and expires_at < now() order by expires_at limit ?", [limit], 'all')) as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }
}
