import { Migration } from '@mikro-orm/migrations';

/**
 * Order mails are queued in the inbox's transaction of the event again (ADR 065), through
 * the ORM, so the function of ADR 056 goes.
 */
export class Migration20261230001000OrderMailInTheInboxTransaction extends Migration {
  override name = 'Migration20261230001000OrderMailInTheInboxTransaction';

  override up(): void {
    this.addSql('drop function if exists queue_mail_once(text, text, text, text, text, text, text, text, jsonb)');
  }
}
