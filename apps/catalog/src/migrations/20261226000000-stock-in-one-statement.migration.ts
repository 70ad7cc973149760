import { Migration } from '@mikro-orm/migrations';

/**
 * A stock reservation's changes in one statement each (ADR 055), as a cart change is (ADR
 * 050): called outside a transaction, the function's statement is its own, so the
 * reservation, the stock it takes or gives back and its stock-changed event commit together
 * or not at all. PL/pgSQL: each statement inside sees what committed before it (READ
 * COMMITTED), so a reservation settled meanwhile by another caller is found as it is now.
 * The event comes from the service (`outboxRow`: envelope and trace headers) with its
 * products filled in here, with the stock each was left at.
 */
export class Migration20261226000000StockInOneStatement extends Migration {
  override name = 'Migration20261226000000StockInOneStatement';

  override up(): void {
    // Reserves every line (product ids sorted, each once) or none: a repeated id answers with the
    // first hold; a line that cannot be had answers with that product as it is (name null: none).
    this.addSql(`create function stock_reserve(p_id text, p_products text[], p_quantities integer[], p_ttl integer, p_event jsonb, p_headers jsonb)
      returns json language plpgsql as $$
      declare
        v_expires timestamptz;
        v_name text;
        v_stock integer;
        v_left integer;
        v_changed jsonb := '[]'::jsonb;
      begin
        select expires_at into v_expires from stock_reservations where id = p_id;
        if found then return json_build_object('expires_at', v_expires); end if;
        -- Locked in id order, so concurrent reservations cannot deadlock; then checked as they are now.
        perform 1 from products where id = any(p_products) order by id for update;
        for i in 1 .. coalesce(array_length(p_products, 1), 0) loop
          select name, stock_quantity into v_name, v_stock from products where id = p_products[i];
          if v_name is null or v_stock < p_quantities[i] then
            return json_build_object('refused', json_build_object('product_id', p_products[i], 'name', v_name, 'stock', v_stock));
          end if;
        end loop;
        insert into stock_reservations (id, status, expires_at) values (p_id, 'held', now() + make_interval(secs => p_ttl))
          on conflict (id) do nothing returning expires_at into v_expires;
        if v_expires is null then
          -- The same id reserved meanwhile: its hold answers.
          return json_build_object('expires_at', (select expires_at from stock_reservations where id = p_id));
        end if;
        for i in 1 .. coalesce(array_length(p_products, 1), 0) loop
          update products set stock_quantity = stock_quantity - p_quantities[i] where id = p_products[i] returning stock_quantity into v_left;
          insert into stock_reservation_lines (reservation_id, product_id, quantity) values (p_id, p_products[i], p_quantities[i]);
          v_changed := v_changed || jsonb_build_object('productId', p_products[i], 'stockQuantity', v_left);
        end loop;
        insert into outbox_message (id, subject, envelope, headers) values (p_event->>'id', p_event->>'subject', jsonb_set(p_event, '{data,products}', v_changed), p_headers);
        return json_build_object('expires_at', v_expires, 'products', v_changed);
      end
    $$`);
    // Moves a held reservation to p_to ('committed' or 'released') once; a released one's stock
    // goes back, with its event. Otherwise the status it has (null: no such reservation).
    this.addSql(`create function stock_settle(p_id text, p_to text, p_event jsonb, p_headers jsonb)
      returns json language plpgsql as $$
      declare
        v_status text;
        v_products jsonb;
      begin
        update stock_reservations set status = p_to, settled_at = now() where id = p_id and status = 'held';
        if not found then
          select status into v_status from stock_reservations where id = p_id;
          return json_build_object('status', v_status);
        end if;
        if p_to = 'released' then
          with restored as (
            update products p set stock_quantity = p.stock_quantity + l.quantity
              from stock_reservation_lines l where l.reservation_id = p_id and l.product_id = p.id
            returning p.id, p.stock_quantity)
          select coalesce(jsonb_agg(jsonb_build_object('productId', id, 'stockQuantity', stock_quantity) order by id), '[]'::jsonb) into v_products from restored;
          insert into outbox_message (id, subject, envelope, headers) values (p_event->>'id', p_event->>'subject', jsonb_set(p_event, '{data,products}', v_products), p_headers);
        end if;
        return json_build_object('status', p_to, 'settled', true, 'products', v_products);
      end
    $$`);
  }
}
