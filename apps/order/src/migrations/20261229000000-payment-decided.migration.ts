import { Migration } from '@mikro-orm/migrations';

/**
 * A payment decision's writes in one statement (ADR 060), the last of the transaction that
 * locked the order, sent with its COMMIT: `payment_decided` applies `p_changes` (the
 * decided columns that changed, by name, as JSON), issues a paid order's bill-of-supply
 * number from `p_bill` (`{year, head, digits, limit}`, ADR 054: the year's serial is bumped
 * here, so its row lock is held only to the commit that follows in the same message), and
 * writes `p_events` (outbox rows) to the outbox. The order is updated once; a change of the
 * reconciler's bookkeeping alone (`next_check_at`, `check_count`) names only those columns,
 * so the Orders tab's list version does not move for it (ADR 058). Answers
 * `{bill_number}`: the order's bill number afterwards (null: none, or the serial no longer
 * fits `limit`), or null when there is no such order.
 */
export class Migration20261229000000PaymentDecided extends Migration {
  override name = 'Migration20261229000000PaymentDecided';

  override up(): void {
    this.addSql(`create function payment_decided(p_id text, p_changes jsonb, p_events jsonb, p_bill jsonb)
      returns json language plpgsql as $$
      declare
        v_old orders;
        v_new orders;
        v_serial bigint;
        v_listed boolean;
      begin
        select * into v_old from orders where id = p_id;
        if not found then return null; end if;
        v_new := jsonb_populate_record(v_old, coalesce(p_changes, '{}'::jsonb));
        if p_bill is not null and v_new.state = 'paid' and v_new.paid_at is not null and v_new.bill_number is null then
          insert into bill_serials (financial_year, last_serial) values (p_bill->>'year', 1)
            on conflict (financial_year) do update set last_serial = bill_serials.last_serial + 1
            returning last_serial into v_serial;
          if v_serial < (p_bill->>'limit')::bigint then
            v_new.bill_number := (p_bill->>'head') || lpad(v_serial::text, (p_bill->>'digits')::integer, '0');
            v_new.next_check_at := null;
          end if;
        end if;
        v_listed := (coalesce(p_changes, '{}'::jsonb) - 'next_check_at' - 'check_count') <> '{}'::jsonb or v_new.bill_number is distinct from v_old.bill_number;
        if v_listed then
          update orders set state = v_new.state, reservation_id = v_new.reservation_id, transaction_id = v_new.transaction_id,
                 payment_mode = v_new.payment_mode, error_code = v_new.error_code, error_message = v_new.error_message,
                 reported_amount_paise = v_new.reported_amount_paise, paid_at = v_new.paid_at, merchant_refund_id = v_new.merchant_refund_id,
                 refund_paise = v_new.refund_paise, refund_state = v_new.refund_state, refund_requested_at = v_new.refund_requested_at,
                 refunded_at = v_new.refunded_at, bill_number = v_new.bill_number, next_check_at = v_new.next_check_at,
                 check_count = v_new.check_count, updated_at = now()
           where id = p_id;
        elsif v_new.next_check_at is distinct from v_old.next_check_at or v_new.check_count is distinct from v_old.check_count then
          update orders set next_check_at = v_new.next_check_at, check_count = v_new.check_count, updated_at = now() where id = p_id;
        end if;
        insert into outbox_message (id, subject, envelope, headers)
          select e->>'id', e->>'subject', e->'envelope', e->'headers' from jsonb_array_elements(coalesce(p_events, '[]'::jsonb)) e;
        return json_build_object('bill_number', v_new.bill_number);
      end
    $$`);
  }
}
