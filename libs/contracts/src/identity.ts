import { z } from 'zod';
import { notice, noticeSchema, resultSchema } from './errors.js';
import { actorSchema, pageFields, pageReplyFields, text } from './schemas.js';
import type { RpcDefinition } from './subjects.js';

/** A person's profile as every screen sees it (spec §3 Profile). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(['admin', 'user']),
  createdAt: z.iso.datetime(),
});
export type Me = z.infer<typeof meSchema>;

/** What the browser gets when a session starts or is refreshed. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  user: meSchema,
});
export type SessionReply = z.infer<typeof sessionSchema>;

/**
 * A session as identity issues it to the BFF: the browser part plus the refresh token,
 * which the BFF moves into an HttpOnly cookie and never puts in a body.
 */
export const issuedSessionSchema = sessionSchema.extend({
  sessionId: z.string(),
  refreshToken: z.string(),
  refreshExpiresAt: z.iso.datetime(),
});
export type IssuedSession = z.infer<typeof issuedSessionSchema>;

const email = text().trim().max(254);
const password = text(200);
const token = text(200).min(1);

/** Address fields a shopper sends (spec §3 Address, camelCase). Rules: commerce `validateAddress`. */
export const addressInputSchema = z.object({
  nickname: text(60).nullish(),
  fullName: text(120),
  phone: text(20).describe('An Indian mobile number: ten digits (the first 6 to 9), optionally after +91, 91 or 0; spaces and dashes are dropped. Stored as the ten digits (commerce `indianMobileDigits`).'),
  addressLine1: text(200),
  addressLine2: text(200).nullish(),
  city: text(100),
  state: text(100),
  postalCode: text(10),
  country: text(60).optional(),
  addressType: z.enum(['shipping', 'billing', 'both']),
});
export type AddressInputBody = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  fullName: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  addressType: z.enum(['shipping', 'billing', 'both']),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Address = z.infer<typeof addressSchema>;

/** The most users one page of the Users tab holds. */
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

/**
 * A search of the Users tab counts its matches up to this many, then says there are more
 * (`moreMatches`): the count stops early instead of reading every account.
 */
export const ADMIN_USERS_MATCH_CAP = 1000;

/** One page of the Users tab: a case-insensitive search in the name and email, and the page. */
export const adminUserQuerySchema = z
  .object({
    /** Part of the name or email; `%` and `_` are looked for as themselves. */
    q: text().trim().max(100).optional(),
    ...pageFields(ADMIN_USERS_MAX_PAGE_SIZE, 24),
  })
  .strict();
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/** One page of accounts, newest first, with the shop's total and how many match the search. */
export const adminUserPageSchema = z.object({
  items: z.array(meSchema),
  /** Every account of the shop, whatever the search ('N Total Users'). */
  total: z.number().int().nonnegative(),
  /** How many accounts match the search, counted up to {@link ADMIN_USERS_MATCH_CAP}; without a search, the total. */
  matches: z.number().int().nonnegative(),
  /** More than {@link ADMIN_USERS_MATCH_CAP} accounts match: `matches` is the cap. */
  moreMatches: z.boolean(),
  ...pageReplyFields,
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** An account as the Users tab's drawer shows it: the profile with the phone, and the addresses. */
export const adminUserDetailSchema = z.object({
  user: meSchema.extend({ phone: z.string().nullable() }),
  /** Newest first. */
  addresses: z.array(addressSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** A mail or SMS kept (or sent) by identity, as the development mailbox lists it. */
export const mailboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.iso.datetime(),
});

const meFixture: Me = { id: 'usr_01JD0000000000000000000000', email: 'asha@example.in', fullName: 'Asha Roy', role: 'user', createdAt: '2026-11-22T10:00:00.000Z' };
const actorFixture = { id: meFixture.id, role: 'user' as const };
const adminActor = { id: 'usr_01JD0000000000000000000001', role: 'admin' as const };
const issuedFixture: IssuedSession = {
  accessToken: 'eyJhbGciOiJFZERTQSJ9.e30.sig',
  expiresIn: 600,
  user: meFixture,
  sessionId: 'ses_01JD0000000000000000000000',
  refreshToken: 'rt_secret',
  refreshExpiresAt: '2026-12-22T10:00:00.000Z',
};
const addressFixture: Address = {
  id: 'adr_01JD0000000000000000000000',
  nickname: 'Home',
  fullName: 'Asha Roy',
  phone: '9830012345',
  addressLine1: '12 Park Street',
  addressLine2: null,
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  country: 'India',
  addressType: 'both',
  isDefaultShipping: true,
  isDefaultBilling: true,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const { id: _id, isDefaultShipping: _s, isDefaultBilling: _b, createdAt: _c, ...addressInputFixture } = addressFixture;
const ok = <T>(data: T) => ({ ok: true as const, data });
const noticeReply = resultSchema(z.object({ notice: noticeSchema }));

/**
 * Identity's request/reply subjects. Asked by: the BFF. Every subject that acts for a
 * person carries `actor` (checked by the BFF from the access token); identity re-checks
 * ownership and the admin role itself.
 */
export const identitySubjects = {
  /** Creates an unconfirmed account and mails the confirmation link. EMAIL_TAKEN when the email is taken. */
  'rpc.identity.accounts.sign-up': {
    request: z.object({ email, password, fullName: text(120) }).strict(),
    reply: resultSchema(z.object({ userId: z.string() })),
    fixtures: { request: { email: meFixture.email, password: 'secret1', fullName: meFixture.fullName }, reply: ok({ userId: meFixture.id }) },
  },
  /**
   * Confirms an account's email from the mailed token. It starts no session: whoever opens
   * the link (a page on another site can make a browser open it) is not signed in to the
   * account, and the person signs in with their password (issue #39, login CSRF).
   */
  'rpc.identity.accounts.confirm': {
    request: z.object({ token }).strict(),
    reply: noticeReply,
    fixtures: { request: { token: 'abc' }, reply: ok({ notice: notice('EMAIL_CONFIRMED') }) },
  },
  /** Signs in with email and password. */
  'rpc.identity.sessions.create': {
    request: z.object({ email, password, userAgent: text(300).optional() }).strict(),
    reply: resultSchema(issuedSessionSchema),
    fixtures: { request: { email: meFixture.email, password: 'secret1' }, reply: ok(issuedFixture) },
  },
  /** Rotates a refresh token. Reusing a rotated token revokes its whole session. */
  'rpc.identity.sessions.refresh': {
    request: z.object({ refreshToken: token }).strict(),
    reply: resultSchema(issuedSessionSchema),
    fixtures: { request: { refreshToken: 'rt_secret' }, reply: ok(issuedFixture) },
  },
  /** Ends the session a refresh token belongs to (sign-out). */
  'rpc.identity.sessions.revoke': {
    request: z.object({ refreshToken: token }).strict(),
    reply: resultSchema(z.object({ sessionId: z.string().nullable(), userId: z.string().nullable() })),
    fixtures: { request: { refreshToken: 'rt_secret' }, reply: ok({ sessionId: issuedFixture.sessionId, userId: meFixture.id }) },
  },
  /** Mails a password-reset link when the email has an account; answers the same either way. */
  'rpc.identity.passwords.reset-request': {
    request: z.object({ email }).strict(),
    reply: noticeReply,
    fixtures: { request: { email: meFixture.email }, reply: ok({ notice: notice('RESET_EMAIL_SENT') }) },
  },
  /**
   * Whether a reset token would still set a password (known, unused, unexpired), for the
   * reset page to say at once when its link is dead. The token stays unused: the update
   * checks it again.
   */
  'rpc.identity.passwords.check-reset': {
    request: z.object({ token }).strict(),
    reply: resultSchema(z.object({ valid: z.boolean() })),
    fixtures: { request: { token: 'abc' }, reply: ok({ valid: true }) },
  },
  /** Sets a new password from a reset token and ends every session of the account. */
  'rpc.identity.passwords.update': {
    request: z.object({ token, password }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, userId: z.string() })),
    fixtures: { request: { token: 'abc', password: 'secret2' }, reply: ok({ notice: notice('PASSWORD_UPDATED'), userId: meFixture.id }) },
  },
  /** Texts a 6-digit sign-in code to an Indian mobile number. */
  'rpc.identity.otp.request': {
    request: z.object({ phone: text(20) }).strict(),
    reply: noticeReply,
    fixtures: { request: { phone: '98300 12345' }, reply: ok({ notice: notice('OTP_SENT') }) },
  },
  /** Signs in with a texted code (type sms); creates the account of a new phone. */
  'rpc.identity.otp.verify': {
    request: z.object({ phone: text(20), token: text(10), userAgent: text(300).optional() }).strict(),
    reply: resultSchema(issuedSessionSchema),
    fixtures: { request: { phone: '9830012345', token: '123456' }, reply: ok(issuedFixture) },
  },
  /** The public keys that verify access tokens (JWKS). */
  'rpc.identity.keys.list': {
    request: z.object({}).strict(),
    reply: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    fixtures: { request: {}, reply: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'key_1', alg: 'EdDSA' }] } },
  },
  /** The actor's own profile. */
  'rpc.identity.profiles.get': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(meSchema),
    fixtures: { request: { actor: actorFixture }, reply: ok(meFixture) },
  },
  /** Changes the actor's full name (the only editable field). */
  'rpc.identity.profiles.update': {
    request: z.object({ actor: actorSchema, fullName: text(120) }).strict(),
    reply: resultSchema(meSchema),
    fixtures: { request: { actor: actorFixture, fullName: 'Asha R.' }, reply: ok({ ...meFixture, fullName: 'Asha R.' }) },
  },
  /**
   * One page of the Users tab (admins only: ADMIN_REQUIRED): newest first, searched in the
   * name and email, with the shop's total and the (capped) number of matches.
   */
  'rpc.identity.profiles.admin-page': {
    request: z.object({ actor: actorSchema, query: adminUserQuerySchema }).strict(),
    reply: resultSchema(adminUserPageSchema),
    fixtures: {
      request: { actor: adminActor, query: { q: 'asha', page: 1, pageSize: 24 } },
      reply: ok({ items: [meFixture], total: 1, matches: 1, moreMatches: false, page: 1, pageSize: 24 }),
    },
  },
  /** One account with its phone and addresses (admins only). ACCOUNT_NOT_FOUND. */
  'rpc.identity.profiles.admin-detail': {
    request: z.object({ actor: actorSchema, userId: text(64) }).strict(),
    reply: resultSchema(adminUserDetailSchema),
    fixtures: { request: { actor: adminActor, userId: meFixture.id }, reply: ok({ user: { ...meFixture, phone: '9830012345' }, addresses: [addressFixture] }) },
  },
  /**
   * The accounts of up to 100 user ids (admins only; asked by the order service once per
   * page of the Orders tab). Ids without an account are left out.
   */
  'rpc.identity.profiles.lookup': {
    request: z.object({ actor: actorSchema, ids: z.array(text(64)).max(100) }).strict(),
    reply: resultSchema(z.object({ items: z.array(z.object({ id: z.string(), fullName: z.string().nullable(), email: z.string() })) })),
    fixtures: { request: { actor: adminActor, ids: [meFixture.id] }, reply: ok({ items: [{ id: meFixture.id, fullName: meFixture.fullName, email: meFixture.email }] }) },
  },
  /**
   * The ids of the accounts whose email or full name contains `query` (case-insensitive),
   * at most 1,000, newest first (admins only; the Orders tab's search).
   */
  'rpc.identity.profiles.search': {
    request: z.object({ actor: actorSchema, query: text(120).min(1) }).strict(),
    reply: resultSchema(z.object({ ids: z.array(z.string()).max(1000) })),
    fixtures: { request: { actor: adminActor, query: 'ananya' }, reply: ok({ ids: [meFixture.id] }) },
  },
  /** The admins, newest first (admins only). */
  'rpc.identity.admins.list': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(z.object({ items: z.array(meSchema) })),
    fixtures: { request: { actor: adminActor }, reply: ok({ items: [{ ...meFixture, role: 'admin' as const }] }) },
  },
  /** Makes a registered user an admin (admins only). */
  'rpc.identity.admins.add': {
    request: z.object({ actor: actorSchema, email }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, userId: z.string() })),
    fixtures: { request: { actor: adminActor, email: meFixture.email }, reply: ok({ notice: notice('ADMIN_ADDED'), userId: meFixture.id }) },
  },
  /** Takes the admin role away (admins only; an admin may remove their own). */
  'rpc.identity.admins.remove': {
    request: z.object({ actor: actorSchema, email }).strict(),
    reply: resultSchema(z.object({ notice: noticeSchema, userId: z.string() })),
    fixtures: { request: { actor: adminActor, email: meFixture.email }, reply: ok({ notice: notice('ADMIN_REMOVED'), userId: meFixture.id }) },
  },
  /** The actor's addresses, newest first. */
  'rpc.identity.addresses.list': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(z.object({ items: z.array(addressSchema) })),
    fixtures: { request: { actor: actorFixture }, reply: ok({ items: [addressFixture] }) },
  },
  /** Adds an address (validated with commerce `validateAddress`). */
  'rpc.identity.addresses.create': {
    request: z.object({ actor: actorSchema, address: addressInputSchema }).strict(),
    reply: resultSchema(addressSchema),
    fixtures: { request: { actor: actorFixture, address: addressInputFixture }, reply: ok(addressFixture) },
  },
  /** Changes one of the actor's addresses; another user's id is NOT_FOUND. */
  'rpc.identity.addresses.update': {
    request: z.object({ actor: actorSchema, id: text(64), address: addressInputSchema }).strict(),
    reply: resultSchema(addressSchema),
    fixtures: { request: { actor: actorFixture, id: addressFixture.id, address: addressInputFixture }, reply: ok(addressFixture) },
  },
  /** Deletes one of the actor's addresses. */
  'rpc.identity.addresses.delete': {
    request: z.object({ actor: actorSchema, id: text(64) }).strict(),
    reply: resultSchema(z.object({ id: z.string() })),
    fixtures: { request: { actor: actorFixture, id: addressFixture.id }, reply: ok({ id: addressFixture.id }) },
  },
  /** Makes an address the default shipping or billing one; clears the flag elsewhere. */
  'rpc.identity.addresses.set-default': {
    request: z.object({ actor: actorSchema, id: text(64), kind: z.enum(['shipping', 'billing']) }).strict(),
    reply: resultSchema(z.object({ items: z.array(addressSchema) })),
    fixtures: { request: { actor: actorFixture, id: addressFixture.id, kind: 'shipping' }, reply: ok({ items: [addressFixture] }) },
  },
  /** Mails and SMS kept instead of sent (development only; refused in production). */
  'rpc.identity.mailbox.list': {
    request: z.object({}).strict(),
    reply: resultSchema(z.object({ items: z.array(mailboxItemSchema) })),
    fixtures: {
      request: {},
      reply: ok({ items: [{ id: 'msg_1', kind: 'mail' as const, to: meFixture.email, subject: 'Confirm your Jalaj account', text: 'Open http://localhost:8080/api/auth/confirm?token=abc', links: ['http://localhost:8080/api/auth/confirm?token=abc'], createdAt: '2026-11-22T10:00:00.000Z' }] }),
    },
  },
} as const satisfies Record<`rpc.identity.${string}`, RpcDefinition>;
