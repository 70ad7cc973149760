import { Migration } from '@mikro-orm/migrations';

/**
 * A checkout's writes in two statements (ADR 057), inside the transaction that holds the
 * shopper's checkout lock across catalog's reservation and PhonePe's call:
 * - `checkout_claim` claims the command (`command_claim`: a repeat answers what the first
 *   handling left), takes the shopper's checkout lock (two tabs paying the same cart: one
 *   order, one charge) and finds a pending order of the same checkout that still has
 *   `p_min_seconds` to be paid (`{existing}`, null when none). With no user (the checkout was
 *   refused before it reached the database) it only claims the command.
 * - `checkout_record` writes the order (`p_order`, its columns by name), its lines and the
 *   command's reply.
 */
export class Migration20261227000000CheckoutInTwoStatements extends Migration {
  override name = 'Migration20261227000000CheckoutInTwoStatements';

  override up(): void {
    this.addSql(`create function checkout_claim(p_subject text, p_command text, p_hash text, p_user text, p_checkout_hash text, p_min_seconds integer)
      returns jsonb language plpgsql as $$
      declare
        v_repeat jsonb;
        v_existing jsonb;
      begin
        v_repeat := command_claim(p_subject, p_command, p_hash);
        if v_repeat is not null then return v_repeat; end if;
        if p_user is null then return '{}'::jsonb; end if;
        perform pg_advisory_xact_lock(hashtext('order:checkout:' || p_user));
        select jsonb_build_object('orderId', id, 'merchantOrderId', merchant_order_id, 'redirectUrl', redirect_url, 'amountPaise', total_paise) into v_existing
          from orders
         where user_id = p_user and checkout_hash = p_checkout_hash and state = 'pending' and redirect_url is not null
           and expires_at > now() + make_interval(secs => p_min_seconds)
         order by created_at desc limit 1;
        return jsonb_build_object('existing', v_existing);
      end
    $$`);
    this.addSql(`create function checkout_record(p_order jsonb, p_lines jsonb, p_subject text, p_command text, p_reply jsonb) returns void language plpgsql as $$
      begin
        insert into orders select * from jsonb_populate_record(null::orders, p_order);
        insert into order_lines select * from jsonb_populate_recordset(null::order_lines, p_lines);
        perform command_keep_reply(p_subject, p_command, p_reply);
      end
    $$`);
  }
}
