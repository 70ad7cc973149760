import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AdminOnly, AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody, pathId } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';
import { forgettingAfter } from '../reads/forgetting-after.js';
import { AdminOrderReads } from './admin-order-reads.service.js';
import { csvFileName, CSV_HEADER, csvRow } from './orders-csv.js';

const listQuery = HTTP_SCHEMAS['admin.orders.list'].query;
const exportQuery = HTTP_SCHEMAS['admin.orders.export'].query;
const bulkBody = HTTP_SCHEMAS['admin.orders.bulkDelete'].body;
const fulfilBody = HTTP_SCHEMAS['admin.orders.fulfil'].body;
const refundBody = HTTP_SCHEMAS['admin.orders.refund'].body;
const settleBody = HTTP_SCHEMAS['admin.orders.settleRefund'].body;

/**
 * `/api/admin/orders`: the Orders tab. The guard checks the token's role; the order service
 * re-checks it with identity for every change (spec §6: each deletion re-checks the role).
 * The list's pages come from this process's memory while the list has not changed (ADR 046).
 */
@Controller('admin/orders')
@UseGuards(AuthGuard)
@AdminOnly()
export class AdminOrdersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: AdminOrderReads,
  ) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Query() raw: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const query = parseBody(listQuery, raw);
    const body = await this.reads.page(actor.id, query, async () => unwrap(await this.rpc.request('rpc.order.admin.list', { actor, query })));
    return body.send(request, reply);
  }

  /**
   * The filtered orders as CSV, one row per line: fetched from the order service in batches
   * and written as they come, so 100,000 orders never sit in memory at once.
   */
  @Get('export.csv')
  async export(@CurrentActor() actor: Actor, @Query() raw: unknown, @Res() reply: FastifyReply) {
    const filter = parseBody(exportQuery, raw);
    // The first batch is asked before any byte is sent, so a refusal is still a problem response.
    let batch = unwrap(await this.rpc.request('rpc.order.admin.export', { actor, filter, limit: 500 }));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${csvFileName(new Date())}"`);
    const rpc = this.rpc;
    async function* rows() {
      yield CSV_HEADER;
      for (;;) {
        for (const row of batch.rows) yield csvRow(row);
        if (!batch.next) return;
        batch = unwrap(await rpc.request('rpc.order.admin.export', { actor, filter, after: batch.next, limit: 500 }));
      }
    }
    return reply.send(Readable.from(rows()));
  }

  @Get(':id')
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return unwrap(await this.rpc.request('rpc.order.admin.get', { actor, orderId: pathId(id) }));
  }

  @Get(':id/bill')
  async bill(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return unwrap(await this.rpc.request('rpc.order.orders.bill', { actor, orderId: pathId(id) }));
  }

  @Delete(':id')
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.archive', { actor, orderIds: [pathId(id)] })));
  }

  @Post('bulk-delete')
  @HttpCode(200)
  async bulkDelete(@CurrentActor() actor: Actor, @Body() raw: unknown) {
    const { orderIds } = parseBody(bulkBody, raw);
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.archive', { actor, orderIds })));
  }

  @Post(':id/restore')
  @HttpCode(200)
  async restore(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.restore', { actor, orderId: pathId(id) })));
  }

  @Post(':id/fulfilment')
  @HttpCode(200)
  async fulfil(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const step = parseBody(fulfilBody, raw);
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.fulfil', { actor, orderId: pathId(id), step })));
  }

  @Post(':id/refund')
  @HttpCode(200)
  async refund(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown) {
    const refund = parseBody(refundBody, raw);
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.refund', { actor, orderId: pathId(id), refund })));
  }

  /** Needs attention (issue #42): accept the amount PhonePe took for a held order, and sell it. */
  @Post(':id/accept-payment')
  @HttpCode(200)
  async acceptPayment(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.accept-payment', { actor, orderId: pathId(id) })));
  }

  /** Needs attention: refund everything PhonePe took for a held order. */
  @Post(':id/refund-held')
  @HttpCode(200)
  async refundHeld(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.refund-held', { actor, orderId: pathId(id) })));
  }

  /** Needs attention: ask PhonePe again for a refund it refused. */
  @Post(':id/refunds/:refundId/retry')
  @HttpCode(200)
  async retryRefund(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('refundId') refundId: string) {
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.retry-refund', { actor, orderId: pathId(id), refundId: pathId(refundId) })));
  }

  /** Needs attention: mark a refused or stuck refund settled outside the shop, with a note. */
  @Post(':id/refunds/:refundId/settle')
  @HttpCode(200)
  async settleRefund(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('refundId') refundId: string, @Body() raw: unknown) {
    const settle = parseBody(settleBody, raw);
    return this.changing(async () => unwrap(await this.rpc.request('rpc.order.admin.settle-refund', { actor, orderId: pathId(id), refundId: pathId(refundId), settle })));
  }

  /** Runs an admin's change, then forgets the kept pages (forgettingAfter). */
  private changing<T>(change: () => Promise<T>): Promise<T> {
    return forgettingAfter(() => this.reads.changed(), change);
  }
}
