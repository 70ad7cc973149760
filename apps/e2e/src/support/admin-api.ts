import type { AdminFigures, SalesOverTime } from '@jalaj/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from './shop.js';

/** The admin's `Authorization` header, signed in over the API (for what a spec reads beside the pages). */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

/** Today's figures as the server counts them (`GET /api/admin/figures`). */
export async function serverFigures(request: APIRequestContext, headers: Record<string, string>): Promise<AdminFigures> {
  const r = await request.get('/api/admin/figures', { headers });
  expect(r.status()).toBe(200);
  return (await r.json()) as AdminFigures;
}

/** The sales over time as the server counts them (`GET /api/admin/sales`). */
export async function serverSales(request: APIRequestContext, headers: Record<string, string>, days: 30 | 90): Promise<SalesOverTime> {
  const r = await request.get(`/api/admin/sales?days=${days}`, { headers });
  expect(r.status()).toBe(200);
  return (await r.json()) as SalesOverTime;
}
