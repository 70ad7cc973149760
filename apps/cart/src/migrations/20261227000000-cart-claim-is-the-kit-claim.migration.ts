import { Migration } from '@mikro-orm/migrations';

/**
 * The cart's command claim is the kit's (`command_claim`, ADR 057): one claim of the command
 * log for every service that keeps it in its own statements. Same answers as before.
 */
export class Migration20261227000000CartClaimIsTheKitClaim extends Migration {
  override name = 'Migration20261227000000CartClaimIsTheKitClaim';

  override up(): void {
    this.addSql(`create or replace function cart_claim(p_subject text, p_command text, p_hash text) returns jsonb language plpgsql as $$
      begin
        return command_claim(p_subject, p_command, p_hash);
      end
    $$`);
    this.addSql(`create or replace function cart_keep_outcome(p_subject text, p_command text, p_outcome jsonb) returns void language plpgsql as $$
      begin
        perform command_keep_reply(p_subject, p_command, p_outcome);
      end
    $$`);
  }
}
