import { Migration } from '@mikro-orm/migrations';

/**
 * (Dropped again by Migration20261231100000CommandClaimDropped: every command claims in
 * TypeScript since ADR 064 and 067.) The command log's claim as SQL functions, for handlers that keep the log themselves in
 * the statements that make their change (`@IdempotentCommand({ loggedBy: 'handler' })`: the
 * order's payment start, ADR 057; `CommandLog.run` claims in TypeScript since ADR 064, with
 * the statements of command-log-sql.ts). `command_claim` claims
 * `(subject, command id)`: null when claimed now (or no id), else what the first handling
 * left — `{repeat: 'done', outcome}`, `{repeat: 'conflict'}` (another request under the id)
 * or `{repeat: 'pruned'}`; a concurrent duplicate waits on the primary key until the first
 * commits. `command_keep_reply` stores
 * the reply in the same transaction.
 */
export class Migration20261227000000CommandClaim extends Migration {
  override name = 'Migration20261227000000CommandClaim';

  override up(): void {
    this.addSql(`create or replace function command_claim(p_subject text, p_command text, p_hash text) returns jsonb language plpgsql as $$
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
    this.addSql(`create or replace function command_keep_reply(p_subject text, p_command text, p_reply jsonb) returns void language plpgsql as $$
      begin
        if p_command is not null then update command_log set reply = p_reply where subject = p_subject and command_id = p_command; end if;
      end
    $$`);
  }
}
