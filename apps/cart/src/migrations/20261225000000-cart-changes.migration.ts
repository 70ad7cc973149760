import { Migration } from '@mikro-orm/migrations';

/**
 * A cart change in one statement (ADR 050): each function claims the command in
 * `command_log` (when the caller gave an id), reads the product's facts from the cart's
 * copy, writes the line only where the cart rules of libs/commerce would accept the change,
 * stores the facts of its decision as the command's outcome and returns them with the
 * cart's lines. Called outside a transaction, the statement is its own: the claim, the
 * change and the outcome commit together. The service turns the outcome into the reply
 * with the same rules (`checkAddToCart`, `checkSetQuantity`), so the texts stay in one place.
 *
 * Each commits without waiting for its WAL to reach the disk (`synchronous_commit` off for
 * its own transaction): a crash of PostgreSQL itself may forget the last moment's cart
 * changes, together with their command log rows, never half of one (ADR 050). Orders,
 * payments and stock keep synchronous commits.
 */
export class Migration20261225000000CartChanges extends Migration {
  override name = 'Migration20261225000000CartChanges';

  override up(): void {
    // The cart's lines with their products' facts, newest first: the row shape of the cart read.
    // PL/pgSQL, not SQL: a session keeps its plans (a SQL function called from PL/pgSQL is planned at every call).
    this.addSql(`create function cart_lines_json(p_user text) returns json language plpgsql stable as $$
      begin
        return (select coalesce(json_agg(json_build_object(
                  'id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'name', p.name, 'price_paise', p.price_paise,
                  'image_url', p.image_url, 'stock_quantity', p.stock_quantity, 'deleted', p.deleted)
                order by i.created_at desc, i.id desc), '[]'::json)
           from cart_items i left join cart_products p on p.product_id = i.product_id
          where i.user_id = p_user);
      end
    $$`);
    // Claims (subject, command) as CommandLog.run does (ADR 012): null when claimed now (or no
    // id), else what the first handling left: its outcome, 'conflict' or 'pruned'.
    this.addSql(`create function cart_claim(p_subject text, p_command text, p_hash text) returns jsonb language plpgsql as $$
      declare
        v_hash text;
        v_reply jsonb;
      begin
        if p_command is null then return null; end if;
        insert into command_log (subject, command_id, request_hash, created_at) values (p_subject, p_command, p_hash, now()) on conflict do nothing;
        if found then return null; end if;
        select request_hash, reply into v_hash, v_reply from command_log where subject = p_subject and command_id = p_command;
        if not found then return jsonb_build_object('repeat', 'pruned'); end if;
        if v_hash <> p_hash then return jsonb_build_object('repeat', 'conflict'); end if;
        return jsonb_build_object('repeat', 'done', 'outcome', v_reply);
      end
    $$`);
    this.addSql(`create function cart_keep_outcome(p_subject text, p_command text, p_outcome jsonb) returns void language plpgsql as $$
      begin
        if p_command is not null then update command_log set reply = p_outcome where subject = p_subject and command_id = p_command; end if;
      end
    $$`);
    // Adds p_quantity of a product (checkAddToCart): writes only within the copy's stock; the
    // upsert's condition keeps two tabs adding at once within it too.
    this.addSql(`create function cart_add(p_user text, p_product text, p_quantity integer, p_line text, p_subject text, p_command text, p_hash text)
      returns json language plpgsql as $$
      declare
        v_stock integer;
        v_deleted boolean;
        v_repeat jsonb;
        v_existing integer;
        v_after integer;
        v_outcome jsonb;
      begin
        perform set_config('synchronous_commit', 'off', true);
        select stock_quantity, deleted into v_stock, v_deleted from cart_products where product_id = p_product;
        if not found then return json_build_object('unknown', p_product); end if;
        v_repeat := cart_claim(p_subject, p_command, p_hash);
        if v_repeat is not null then return json_build_object('repeat', v_repeat, 'lines', cart_lines_json(p_user)); end if;
        select coalesce(max(quantity), 0) into v_existing from cart_items where user_id = p_user and product_id = p_product;
        if not v_deleted and v_stock > 0 and v_existing + p_quantity <= v_stock then
          insert into cart_items (id, user_id, product_id, quantity) values (p_line, p_user, p_product, p_quantity)
            on conflict (user_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
            where cart_items.quantity + excluded.quantity <= v_stock
            returning quantity into v_after;
        end if;
        if v_after is null then
          -- Refused: decided again with what the cart holds now (another tab may have added).
          select coalesce(max(quantity), 0) into v_existing from cart_items where user_id = p_user and product_id = p_product;
        end if;
        v_outcome := jsonb_build_object('stock', case when v_deleted then null else v_stock end, 'existing', v_existing, 'after', v_after);
        perform cart_keep_outcome(p_subject, p_command, v_outcome);
        return json_build_object('outcome', v_outcome, 'lines', cart_lines_json(p_user));
      end
    $$`);
    // Sets a line's quantity (checkSetQuantity): 0 or less removes it, more than the stock is refused.
    this.addSql(`create function cart_set_quantity(p_user text, p_line text, p_quantity integer, p_subject text, p_command text, p_hash text)
      returns json language plpgsql as $$
      declare
        v_product text;
        v_stock integer;
        v_deleted boolean;
        v_line boolean;
        v_repeat jsonb;
        v_after integer;
        v_outcome jsonb;
      begin
        perform set_config('synchronous_commit', 'off', true);
        select i.product_id, p.stock_quantity, p.deleted into v_product, v_stock, v_deleted
          from cart_items i left join cart_products p on p.product_id = i.product_id
         where i.id = p_line and i.user_id = p_user;
        v_line := found;
        if v_line and v_deleted is null and p_quantity > 0 then return json_build_object('unknown', v_product); end if;
        v_repeat := cart_claim(p_subject, p_command, p_hash);
        if v_repeat is not null then return json_build_object('repeat', v_repeat, 'lines', cart_lines_json(p_user)); end if;
        if not v_line then
          v_outcome := jsonb_build_object('missing', true);
        elsif p_quantity <= 0 then
          delete from cart_items where id = p_line and user_id = p_user;
          v_outcome := case when found then jsonb_build_object('removed', true) else jsonb_build_object('missing', true) end;
        elsif not v_deleted and v_stock > 0 and p_quantity <= v_stock then
          update cart_items set quantity = p_quantity, updated_at = now() where id = p_line and user_id = p_user returning quantity into v_after;
          v_outcome := case when v_after is null then jsonb_build_object('missing', true) else jsonb_build_object('stock', v_stock, 'after', v_after) end;
        else
          v_outcome := jsonb_build_object('stock', case when v_deleted then null else v_stock end, 'product', v_product);
        end if;
        perform cart_keep_outcome(p_subject, p_command, v_outcome);
        return json_build_object('outcome', v_outcome, 'lines', cart_lines_json(p_user));
      end
    $$`);
    // Removes one line (p_line) or, when p_line is null, every line of the cart.
    this.addSql(`create function cart_remove(p_user text, p_line text, p_subject text, p_command text, p_hash text)
      returns json language plpgsql as $$
      declare
        v_repeat jsonb;
        v_removed integer;
        v_outcome jsonb;
      begin
        perform set_config('synchronous_commit', 'off', true);
        v_repeat := cart_claim(p_subject, p_command, p_hash);
        if v_repeat is not null then return json_build_object('repeat', v_repeat, 'lines', cart_lines_json(p_user)); end if;
        delete from cart_items where user_id = p_user and (p_line is null or id = p_line);
        get diagnostics v_removed = row_count;
        v_outcome := jsonb_build_object('removed', v_removed);
        perform cart_keep_outcome(p_subject, p_command, v_outcome);
        return json_build_object('outcome', v_outcome, 'lines', cart_lines_json(p_user));
      end
    $$`);
  }
}
