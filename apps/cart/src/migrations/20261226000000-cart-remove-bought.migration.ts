import { Migration } from '@mikro-orm/migrations';

/**
 * A paid order's lines taken out of the shopper's cart in one statement (ADR 056): the
 * event's inbox row, then each bought product's line removed when the cart holds no more
 * than was bought and lowered by the bought quantity otherwise (`removeBought`,
 * bought-lines.ts, states the rule and the int spec holds the two to it). Called outside a
 * transaction, the claim and the change commit together; a redelivered event finds its
 * inbox row and changes nothing. The lines are locked first, so a change the shopper makes
 * at the same moment waits and is not lost.
 */
export class Migration20261226000000CartRemoveBought extends Migration {
  override name = 'Migration20261226000000CartRemoveBought';

  override up(): void {
    this.addSql(`create function cart_remove_bought(p_consumer text, p_event text, p_subject text, p_user text, p_products text[], p_quantities integer[])
      returns json language plpgsql as $$
      declare
        v_removed integer;
        v_lowered integer;
      begin
        insert into inbox_message (consumer, event_id, subject, processed_at) values (p_consumer, p_event, p_subject, now()) on conflict do nothing;
        if not found then return null; end if;
        perform 1 from cart_items where user_id = p_user and product_id = any(p_products) order by id for update;
        -- Removed first: a line lowered here must not then be taken for one to remove.
        delete from cart_items i using unnest(p_products, p_quantities) as b(product_id, quantity)
         where i.user_id = p_user and i.product_id = b.product_id and i.quantity <= b.quantity;
        get diagnostics v_removed = row_count;
        update cart_items i set quantity = i.quantity - b.quantity, updated_at = now()
          from unnest(p_products, p_quantities) as b(product_id, quantity)
         where i.user_id = p_user and i.product_id = b.product_id and i.quantity > b.quantity;
        get diagnostics v_lowered = row_count;
        return json_build_object('removed', v_removed, 'lowered', v_lowered);
      end
    $$`);
  }
}
