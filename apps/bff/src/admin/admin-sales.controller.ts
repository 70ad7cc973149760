import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HTTP_SCHEMAS, type Actor, type SalesOverTime } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { salesCsv, salesCsvFileName } from './sales-csv.js';

const salesQuery = HTTP_SCHEMAS['admin.sales'].query;

/**
 * `/api/admin/sales`: the dashboard's sales over time (issue #42), from the order service,
 * which re-checks the admin role. The chart's numbers as JSON, and the same as CSV.
 */
@Controller('admin/sales')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminSalesController {
  constructor(private readonly rpc: RpcClient) {}

  /** `days` other than 30 or 90, or a `to` that is no day, is a 400 naming the field. */
  @Get()
  sales(@CurrentActor() actor: Actor, @Query() raw: unknown): Promise<SalesOverTime> {
    return this.read(actor, raw);
  }

  @Get('export.csv')
  async export(@CurrentActor() actor: Actor, @Query() raw: unknown, @Res() reply: FastifyReply) {
    const sales = await this.read(actor, raw);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${salesCsvFileName(sales)}"`);
    return reply.send(salesCsv(sales));
  }

  private async read(actor: Actor, raw: unknown): Promise<SalesOverTime> {
    const { days, to } = parseBody(salesQuery, raw);
    return unwrap(await this.rpc.request('rpc.order.admin.sales', { actor, query: { days: days === '90' ? 90 : 30, ...(to ? { to } : {}) } }));
  }
}
