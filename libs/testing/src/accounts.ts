import { newId } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';

/**
 * Signs a new shopper up through identity's `rpc.identity.accounts.sign-up`, as a service
 * spec makes one: a fresh address at `jalaj.test`, no mail followed, no session.
 *
 * @returns The new account's id and email.
 */
export async function signUpOverRpc(rpc: Pick<RpcClient, 'request'>, fullName = 'Asha Roy'): Promise<{ userId: string; email: string }> {
  const email = `${newId('u').toLowerCase()}@jalaj.test`;
  const reply = await rpc.request('rpc.identity.accounts.sign-up', { email, password: 'secret-pass-1', fullName });
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return { userId: reply.data.userId, email };
}
