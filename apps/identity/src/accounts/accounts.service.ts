import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AUTH_MESSAGES, IDENTITY_MESSAGES, indianMobileDigits, MIN_PASSWORD_LENGTH, validateNewPassword, validatePasswordResetRequest, validateSignIn, validateSignUp } from '@jalaj/commerce';
import { fail, failFields, newId, notice, ok, type FieldError, type IssuedSession, type Me, type Notice, type Result } from '@jalaj/contracts';
import { getLogger, InjectConfig, runSql, takeTransactionLock } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { queueMessage } from '../mail/mail.service.js';
import { OneTimeToken, RefreshToken, Session } from './entities/session.entity.js';
import { User } from './entities/user.entity.js';
import { hashPassword, newSecret, newSmsCode, sha256, verifyPassword } from './secrets.js';
import { TokensService } from './tokens.service.js';

const OTP_TTL_MS = 10 * 60 * 1000;

/** An Indian mobile number as +91 and 10 digits, from what a person types; null when it is not one. */
export function normalizePhone(raw: string): string | null {
  const digits = indianMobileDigits(raw);
  return digits ? `+91${digits}` : null;
}

const CONFIRM_TTL_MS = 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

export const toMe = (u: Pick<User, 'id' | 'email' | 'fullName' | 'role' | 'createdAt'>): Me => ({ id: u.id, email: u.email ?? '', fullName: u.fullName, role: u.role, createdAt: u.createdAt.toISOString() });

const invalid = (fieldErrors: FieldError[]) => failFields(fieldErrors);

@Injectable()
export class AccountsService {
  private readonly log = getLogger('AccountsService');

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokensService,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  findByEmail(em: EntityManager, email: string) {
    return em.findOne(User, { email: email.trim().toLowerCase() });
  }

  async signUp(input: { email: string; password: string; fullName: string }): Promise<Result<{ userId: string }>> {
    const errors = validateSignUp(input);
    if (input.password && input.password.length < MIN_PASSWORD_LENGTH) errors.push({ field: 'password', message: AUTH_MESSAGES.passwordTooShort });
    if (errors.length) return invalid(errors);
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return this.em.transactional(async (tx) => {
      if (await this.findByEmail(tx, email)) return fail('EMAIL_TAKEN');
      const user = tx.create(User, { id: newId('usr'), email, passwordHash, fullName: input.fullName.trim(), role: 'user', createdAt: new Date(), emailConfirmedAt: null });
      const token = this.oneTimeToken(tx, 'confirm', user.id, CONFIRM_TTL_MS);
      const link = `${this.config.PUBLIC_URL}/api/auth/confirm?token=${encodeURIComponent(token)}`;
      queueMessage(tx, {
        kind: 'mail',
        to: email,
        subject: 'Confirm your Jalaj account',
        text: `Namaste ${user.fullName},\n\nWelcome to Jalaj! Please confirm your email address to start shopping:\n\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this mail.\n\nJalaj, Kolkata`,
        links: [link],
      });
      return ok({ userId: user.id });
    });
  }

  /**
   * Confirms the email of the account the mailed token names. No session starts: a page on
   * another site can make a browser open the link, which must not sign that browser in to
   * the link's account (login CSRF); the person signs in with their password.
   */
  async confirm(token: string): Promise<Result<{ notice: Notice }>> {
    return this.em.transactional(async (tx) => {
      const row = await this.useToken(tx, 'confirm', token);
      if (!row?.userId) return fail('CONFIRM_LINK_INVALID');
      const user = await tx.findOneOrFail(User, { id: row.userId });
      user.emailConfirmedAt ??= new Date();
      return ok({ notice: notice('EMAIL_CONFIRMED') });
    });
  }

  async signIn(input: { email: string; password: string; userAgent?: string }): Promise<Result<IssuedSession>> {
    const errors = validateSignIn(input);
    if (errors.length) return invalid(errors);
    const user = await this.findByEmail(this.em, input.email);
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) return fail('INVALID_CREDENTIALS');
    if (!user.emailConfirmedAt) return fail('EMAIL_NOT_CONFIRMED');
    return this.em.transactional(async (tx) => ok(await this.startSession(tx, tx.merge(user), input.userAgent)));
  }

  /**
   * Rotates a refresh token. A token used before (outside a short grace window for two
   * tabs refreshing at once) means it was copied: the whole session is revoked.
   */
  async refresh(refreshToken: string): Promise<Result<IssuedSession>> {
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(RefreshToken, { tokenHash: sha256(refreshToken) });
      if (!row) return fail('SESSION_ENDED');
      const session = await tx.findOne(Session, { id: row.sessionId });
      if (!session || session.revokedAt || session.expiresAt < new Date()) return fail('SESSION_ENDED');
      const claimed = await runSql(tx, 'update refresh_tokens set used_at = now() where token_hash = $1 and used_at is null returning token_hash', [row.tokenHash]);
      if (claimed.length === 0) {
        const usedAt = row.usedAt?.getTime() ?? 0;
        if (Date.now() - usedAt >= this.config.REFRESH_REUSE_GRACE_MS) {
          session.revokedAt = new Date();
          await tx.flush();
          this.log.warn({ sessionId: session.id, userId: session.userId }, 'refresh token reused: session revoked');
          return fail('SESSION_ENDED');
        }
      }
      const user = await tx.findOneOrFail(User, { id: session.userId });
      return ok(await this.issue(tx, user, session));
    });
  }

  async revoke(refreshToken: string): Promise<Result<{ sessionId: string | null; userId: string | null }>> {
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(RefreshToken, { tokenHash: sha256(refreshToken) });
      const session = row ? await tx.findOne(Session, { id: row.sessionId }) : null;
      if (!session) return ok({ sessionId: null, userId: null });
      session.revokedAt ??= new Date();
      return ok({ sessionId: session.id, userId: session.userId });
    });
  }

  /** Answers the same whether or not the email has an account, so it cannot be used to probe for accounts. */
  async requestPasswordReset(emailInput: string): Promise<Result<{ notice: Notice }>> {
    const errors = validatePasswordResetRequest({ email: emailInput });
    if (errors.length) return invalid(errors);
    await this.em.transactional(async (tx) => {
      const user = await this.findByEmail(tx, emailInput);
      if (!user?.email) return;
      const token = this.oneTimeToken(tx, 'reset', user.id, RESET_TTL_MS);
      const link = `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
      queueMessage(tx, {
        kind: 'mail',
        to: user.email,
        subject: 'Reset your Jalaj password',
        text: `Namaste ${user.fullName},\n\nWe received a request to reset your Jalaj password. Set a new one here:\n\n${link}\n\nThe link is valid for one hour and can be used once. If you did not ask for this, ignore this mail: your password stays as it is.\n\nJalaj, Kolkata`,
        links: [link],
      });
    });
    return ok({ notice: notice('RESET_EMAIL_SENT') });
  }

  /** Whether a reset link would still work; reading it does not use it up. */
  async checkResetToken(token: string): Promise<Result<{ valid: boolean }>> {
    const row = await this.em.findOne(OneTimeToken, { tokenHash: sha256(token), purpose: 'reset', usedAt: null, expiresAt: { $gt: new Date() } });
    return ok({ valid: row?.userId != null });
  }

  /** Sets a new password from a reset link and ends every session of the account. */
  async updatePassword(token: string, password: string): Promise<Result<{ notice: Notice; userId: string }>> {
    const errors = validateNewPassword({ password, confirmPassword: password });
    if (errors.length) return invalid(errors);
    const passwordHash = await hashPassword(password);
    return this.em.transactional(async (tx) => {
      const row = await this.useToken(tx, 'reset', token);
      if (!row?.userId) return fail('RESET_LINK_INVALID');
      const user = await tx.findOneOrFail(User, { id: row.userId });
      user.passwordHash = passwordHash;
      // Following the link proves the mailbox, so it confirms the email too.
      user.emailConfirmedAt ??= new Date();
      await tx.nativeUpdate(Session, { userId: user.id, revokedAt: null }, { revokedAt: new Date() });
      return ok({ notice: notice('PASSWORD_UPDATED'), userId: user.id });
    });
  }

  /**
   * Texts a 6-digit sign-in code to a phone. The code is stored hashed together with the
   * phone, lives 10 minutes and works once; earlier codes for the phone stop working.
   */
  async requestOtp(phoneInput: string): Promise<Result<{ notice: Notice }>> {
    const phone = normalizePhone(phoneInput);
    if (!phone) return failFields([{ field: 'phone', message: IDENTITY_MESSAGES.invalidPhone }], { code: 'PHONE_INVALID' });
    const code = newSmsCode();
    await this.em.transactional(async (tx) => {
      await tx.nativeUpdate(OneTimeToken, { purpose: 'otp', phone, usedAt: null }, { usedAt: new Date() });
      tx.persist(tx.create(OneTimeToken, { tokenHash: sha256(`${phone}:${code}`), purpose: 'otp', userId: null, phone, createdAt: new Date(), expiresAt: new Date(Date.now() + OTP_TTL_MS), usedAt: null }));
      queueMessage(tx, { kind: 'sms', to: phone, subject: 'Jalaj sign-in code', text: `${code} is your Jalaj verification code. It expires in 10 minutes. Do not share it with anyone.` });
    });
    return ok({ notice: notice('OTP_SENT') });
  }

  /** Signs in with a texted code; a phone without an account gets one (spec §7: sign in by phone). */
  async verifyOtp(phoneInput: string, code: string, userAgent?: string): Promise<Result<IssuedSession>> {
    const phone = normalizePhone(phoneInput);
    if (!phone || !/^\d{6}$/.test(code.trim())) return fail('OTP_INVALID');
    return this.em.transactional(async (tx) => {
      const row = await this.useToken(tx, 'otp', `${phone}:${code.trim()}`);
      if (!row || row.phone !== phone) return fail('OTP_INVALID');
      let user = await tx.findOne(User, { phone });
      if (!user) {
        user = tx.create(User, { id: newId('usr'), email: null, phone, passwordHash: '', fullName: '', role: 'user', createdAt: new Date(), emailConfirmedAt: null });
        tx.persist(user);
      }
      return ok(await this.startSession(tx, user, userAgent));
    });
  }

  private oneTimeToken(em: EntityManager, purpose: OneTimeToken['purpose'], userId: string, ttlMs: number): string {
    const token = newSecret(purpose);
    em.persist(em.create(OneTimeToken, { tokenHash: sha256(token), purpose, userId, phone: null, createdAt: new Date(), expiresAt: new Date(Date.now() + ttlMs), usedAt: null }));
    return token;
  }

  /** Marks a valid, unused, unexpired token as used (atomically) and returns it; null otherwise. */
  private async useToken(tx: EntityManager, purpose: OneTimeToken['purpose'], token: string): Promise<OneTimeToken | null> {
    const tokenHash = sha256(token);
    // (For SMS codes `token` is "phone:code", so a code only works for its own phone.)
    const claimed = await runSql(
      tx,
      'update one_time_tokens set used_at = now() where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now() returning token_hash',
      [tokenHash, purpose],
    );
    if (claimed.length !== 1) return null;
    return tx.findOne(OneTimeToken, { tokenHash }, { refresh: true });
  }

  private async startSession(tx: EntityManager, user: User, userAgent?: string): Promise<IssuedSession> {
    const now = new Date();
    const session = tx.create(Session, {
      id: newId('ses'),
      userId: user.id,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000),
      revokedAt: null,
    });
    tx.persist(session);
    return this.issue(tx, user, session);
  }

  private async issue(tx: EntityManager, user: User, session: Session): Promise<IssuedSession> {
    const refreshToken = newSecret('rt');
    tx.persist(tx.create(RefreshToken, { tokenHash: sha256(refreshToken), sessionId: session.id, createdAt: new Date(), usedAt: null }));
    const { token, expiresIn } = await this.tokens.accessToken(user, session.id, tx);
    return { accessToken: token, expiresIn, user: toMe(user), sessionId: session.id, refreshToken, refreshExpiresAt: session.expiresAt.toISOString() };
  }

  /** Creates a confirmed account unless the email exists (first admin, demo shopper). */
  async ensureAccount(input: { email: string; password: string; fullName: string; role: 'admin' | 'user' }): Promise<boolean> {
    // Replicas starting together take turns (an advisory lock held by the transaction): the first creates it.
    return this.em.fork().transactional(async (em) => {
      await takeTransactionLock(em, 'identity.ensure-account');
      if (await this.findByEmail(em, input.email)) return false;
      const now = new Date();
      em.persist(
        em.create(User, { id: newId('usr'), email: input.email.toLowerCase(), passwordHash: await hashPassword(input.password), fullName: input.fullName, role: input.role, createdAt: now, emailConfirmedAt: now }),
      );
      return true;
    });
  }
}

export { AUTH_MESSAGES };
