import { Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { EVENT_RETENTION_DAYS } from '@jalaj/contracts';
import { getLogger } from '../logger.js';
import { runPeriodically } from '../ops/periodic.js';
import { COMMAND_LOG_RETENTION_HOURS, CommandLog } from './command-log.js';
import { runSql } from '../database/run-sql.js';

/** How long rows stay, in hours, and how many a pass removes at most per table. */
export interface MessageLogRetention {
  /** A published outbox row is only kept for inspection: a day is plenty. */
  publishedOutboxHours: number;
  /**
   * An inbox row guards against a redelivered event, which the stream can only hold for
   * EVENT_RETENTION_DAYS: keep it twice that long, so no event older than its row exists.
   */
  inboxHours: number;
  /** A command's record answers its retries; a retry later than this is a new command. */
  commandLogHours: number;
  batch: number;
}

export const DEFAULT_MESSAGE_LOG_RETENTION: MessageLogRetention = {
  publishedOutboxHours: 24,
  inboxHours: 2 * EVENT_RETENTION_DAYS * 24,
  commandLogHours: COMMAND_LOG_RETENTION_HOURS,
  batch: 5000,
};

/**
 * Deletes published outbox rows, inbox rows and command log rows past their retention,
 * the first two in bounded batches so a pass never holds long locks. Unpublished outbox
 * rows are never touched. Every replica may run it at the same time: deleting a row
 * twice is harmless.
 */
@Injectable()
export class MessageLogPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('MessageLogPruner');
  private stop?: () => void;

  constructor(
    private readonly orm: MikroORM,
    @Optional() private readonly commands?: CommandLog,
  ) {}

  onApplicationBootstrap() {
    this.stop = runPeriodically('message log pruned', () => this.prune(), { intervalMs: 3600_000, initialDelayMs: 60_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** One pass; returns how many rows it deleted. */
  async prune(retention: MessageLogRetention = DEFAULT_MESSAGE_LOG_RETENTION): Promise<number> {
    const em = this.orm.em.fork();
    const outbox = await runSql(
      em,
      `delete from outbox_message where id in (
         select id from outbox_message where published_at is not null and published_at < now() - make_interval(hours => $1) limit $2)
       returning id`,
      [retention.publishedOutboxHours, retention.batch],
    );
    const inbox = await runSql(
      em,
      `delete from inbox_message where (consumer, event_id) in (
         select consumer, event_id from inbox_message where processed_at < now() - make_interval(hours => $1) limit $2)
       returning event_id`,
      [retention.inboxHours, retention.batch],
    );
    const commands = (await this.commands?.prune(retention.commandLogHours)) ?? 0;
    return outbox.length + inbox.length + commands;
  }
}
