import { Migration } from '@mikro-orm/migrations';

/**
 * An order mail queued once per event in one statement (ADR 056): the event's inbox row for
 * the consumer and, when there is a mail to send, its `messages` row commit together; a
 * redelivered event finds its inbox row and queues nothing. Whether this call claimed it.
 */
export class Migration20261226001000OrderMailOnce extends Migration {
  override name = 'Migration20261226001000OrderMailOnce';

  override up(): void {
    this.addSql(`create function queue_mail_once(p_consumer text, p_event text, p_event_subject text,
        p_id text, p_to text, p_subject text, p_text text, p_html text, p_links jsonb)
      returns boolean language plpgsql as $$
      begin
        insert into inbox_message (consumer, event_id, subject, processed_at) values (p_consumer, p_event, p_event_subject, now()) on conflict do nothing;
        if not found then return false; end if;
        if p_to is not null then
          insert into messages (id, kind, recipient, subject, text, html, links, status, attempts, next_attempt_at, created_at)
            values (p_id, 'mail', p_to, p_subject, p_text, p_html, coalesce(p_links, '[]'::jsonb), 'pending', 0, now(), now());
        end if;
        return true;
      end
    $$`);
  }
}
