import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_MESSAGES } from '@jalaj/commerce';
import { AppErrorException, HTTP_SCHEMAS, type IssuedSession, type SessionReply } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthStateService } from './auth-state.service.js';
import { parseBody } from './body.js';
import { clearRefreshCookie, readCookie, REFRESH_COOKIE, setRefreshCookie } from './cookies.js';
import { RateLimit } from './rate-limit.js';
import { unwrap } from './rpc-result.js';

/** The bodies, from the route contract (which `/api/docs` documents). */
const signUpBody = HTTP_SCHEMAS['auth.signUp'].body;
const signInBody = HTTP_SCHEMAS['auth.signIn'].body;
const emailBody = HTTP_SCHEMAS['auth.passwordReset'].body;
const tokenBody = HTTP_SCHEMAS['auth.confirm'].body;
const passwordResetCheckBody = HTTP_SCHEMAS['auth.passwordResetCheck'].body;
const passwordUpdateBody = HTTP_SCHEMAS['auth.passwordUpdate'].body;
const otpBody = HTTP_SCHEMAS['auth.otp'].body;
const otpVerifyBody = HTTP_SCHEMAS['auth.otpVerify'].body;

/** Attempts allowed per window: per account and per client address. */
const LIMITS = {
  signIn: { account: 10, address: 50, windowSeconds: 15 * 60 },
  reset: { account: 5, address: 20, windowSeconds: 60 * 60 },
  signUp: { address: 20, windowSeconds: 60 * 60 },
  otp: { account: 5, address: 20, windowSeconds: 60 * 60 },
  otpVerify: { account: 5, address: 50, windowSeconds: 10 * 60 },
} as const;

/** The refresh cookie; a value that is not valid percent-encoding counts as no cookie. */
function refreshCookie(req: FastifyRequest): string | undefined {
  try {
    return readCookie(req, REFRESH_COOKIE);
  } catch {
    return undefined;
  }
}

/** `/api/auth/*`: sign-up, confirmation, sign-in, refresh, sign-out and password reset. */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly auth: AuthStateService,
  ) {}

  /** Moves the refresh token into its cookie; the body carries only what the browser may hold. */
  private startSession(reply: FastifyReply, issued: IssuedSession): SessionReply {
    setRefreshCookie(reply, issued.refreshToken, new Date(issued.refreshExpiresAt));
    return { accessToken: issued.accessToken, expiresIn: issued.expiresIn, user: issued.user };
  }

  @Post('sign-up')
  @HttpCode(201)
  @RateLimit(LIMITS.signUp)
  async signUp(@Body() raw: unknown) {
    const body = parseBody(signUpBody, raw);
    unwrap(await this.rpc.request('rpc.identity.accounts.sign-up', body));
    return { message: IDENTITY_MESSAGES.accountCreated };
  }

  /**
   * The link in the confirmation mail: confirms the email and lands on the site root, which
   * says so and asks to sign in. It never signs in: a page on another site can make a
   * browser open an attacker's link (login CSRF).
   */
  @Get('confirm')
  async confirmLink(@Query('token') token: string | undefined, @Res() reply: FastifyReply) {
    const result = token ? await this.rpc.request('rpc.identity.accounts.confirm', { token: String(token).slice(0, 200) }) : null;
    return reply.redirect(result?.ok ? '/?confirm=done' : '/auth?confirm=invalid', 303);
  }

  /** Confirms an email from its token, as the link does, and says so; no session starts. */
  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body() raw: unknown) {
    const { token } = parseBody(tokenBody, raw);
    return unwrap(await this.rpc.request('rpc.identity.accounts.confirm', { token }));
  }

  @Post('sign-in')
  @HttpCode(200)
  @RateLimit(LIMITS.signIn)
  async signIn(@Body() raw: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = parseBody(signInBody, raw);
    const issued = unwrap(await this.rpc.request('rpc.identity.sessions.create', { ...body, userAgent: req.headers['user-agent']?.slice(0, 300) }));
    return this.startSession(reply, issued);
  }

  /**
   * Every page load of the apps asks this first. Without a refresh cookie there is no
   * session to restore, which is the normal state of a visitor, so the answer is `null`
   * (200), not a 401 every signed-out browser would log as an error. A cookie that no
   * longer works still answers 401: that session ended.
   */
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionReply | null> {
    const token = refreshCookie(req);
    if (!token) return null;
    const refreshToken = token.slice(0, 200);
    const result = await this.rpc.request('rpc.identity.sessions.refresh', { refreshToken });
    if (!result.ok) {
      clearRefreshCookie(reply);
      // A refresh token that stopped working belongs to an ended session — expired, signed
      // out, or revoked because an already used token came back (theft): its access
      // tokens must stop at once too, as on sign-out.
      const ended = await this.rpc.request('rpc.identity.sessions.revoke', { refreshToken });
      if (ended.ok && ended.data.sessionId) await this.auth.revokeSession(ended.data.sessionId);
      throw new AppErrorException(result.error);
    }
    return this.startSession(reply, result.data);
  }

  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = refreshCookie(req);
    clearRefreshCookie(reply);
    if (!token) return;
    const result = await this.rpc.request('rpc.identity.sessions.revoke', { refreshToken: token.slice(0, 200) });
    if (result.ok && result.data.sessionId) await this.auth.revokeSession(result.data.sessionId);
  }

  @Post('password-reset')
  @HttpCode(202)
  @RateLimit(LIMITS.reset)
  async passwordReset(@Body() raw: unknown) {
    const { email } = parseBody(emailBody, raw);
    return unwrap(await this.rpc.request('rpc.identity.passwords.reset-request', { email }));
  }

  @Post('otp')
  @HttpCode(202)
  @RateLimit(LIMITS.otp)
  async otp(@Body() raw: unknown) {
    const { phone } = parseBody(otpBody, raw);
    return unwrap(await this.rpc.request('rpc.identity.otp.request', { phone }));
  }

  /** A 6-digit code is guessable in bulk, so verification attempts are limited per phone. */
  @Post('otp/verify')
  @HttpCode(200)
  @RateLimit(LIMITS.otpVerify)
  async otpVerify(@Body() raw: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { phone, token } = parseBody(otpVerifyBody, raw);
    const issued = unwrap(await this.rpc.request('rpc.identity.otp.verify', { phone, token, userAgent: req.headers['user-agent']?.slice(0, 300) }));
    return this.startSession(reply, issued);
  }

  /** The reset page asks this when it opens; a dead link is an answer (`valid: false`), not an error. */
  @Post('password-reset/check')
  @HttpCode(200)
  async passwordResetCheck(@Body() raw: unknown) {
    const { token } = parseBody(passwordResetCheckBody, raw);
    return unwrap(await this.rpc.request('rpc.identity.passwords.check-reset', { token }));
  }

  @Post('password-update')
  @HttpCode(200)
  async passwordUpdate(@Body() raw: unknown) {
    const body = parseBody(passwordUpdateBody, raw);
    const { message, userId } = unwrap(await this.rpc.request('rpc.identity.passwords.update', body));
    await this.auth.invalidateUserTokens(userId);
    return { message };
  }
}
