import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { HTTP_SCHEMAS, type Actor, type AdminFigures } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const figuresQuery = HTTP_SCHEMAS['admin.figures'].query;

/**
 * `/api/admin/figures`: the dashboard's strip of today's figures, from the order service
 * (paid orders and revenue of the India day, paid orders waiting to ship) and catalog (the
 * plants low on stock: the Products tab's Low stock filter, of which only the total is
 * read). Both re-check the admin role themselves.
 */
@Controller('admin/figures')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminFiguresController {
  constructor(private readonly rpc: RpcClient) {}

  /** A day that does not exist (`2026-02-30`) is a 400 naming `day`. */
  @Get()
  async figures(@CurrentActor() actor: Actor, @Query() raw: unknown): Promise<AdminFigures> {
    const { day } = parseBody(figuresQuery, raw);
    const [orders, lowStock] = await Promise.all([
      this.rpc.request('rpc.order.admin.figures', { actor, ...(day ? { day } : {}) }),
      this.rpc.request('rpc.catalog.products.admin-page', { actor, query: { lowStock: true, sort: 'newest', page: 1, pageSize: 1 } }),
    ]);
    const { total, lowStockThreshold } = unwrap(lowStock);
    return { ...unwrap(orders), lowStock: total, lowStockThreshold };
  }
}
