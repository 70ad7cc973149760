import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppErrorException, type IssuedSession, type SessionReply } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthStateService } from './auth-state.service.js';
import { parseBody } from './body.js';
import { clearRefreshCookie, readCookie, REFRESH_COOKIE, setRefreshCookie } from './cookies.js';
import { unwrap } from './rpc-result.js';

const text = (max: number) => z.string().max(max);
const signUpBody = z.object({ email: text(254), password: text(200), fullName: text(120) });
const signInBody = z.object({ email: text(254), password: text(200) });
const emailBody = z.object({ email: text(254) });
const tokenBody = z.object({ token: text(200).min(1) });
const passwordUpdateBody = z.object({ token: text(200), password: text(200) });
const otpBody = z.object({ phone: text(20) });
const otpVerifyBody = z.object({ phone: text(20), token: text(10), type: z.literal('sms') });

/** Attempts allowed per window: per account and per client address. */
const LIMITS = {
  signIn: { account: 10, address: 50, window: 15 * 60 },
  reset: { account: 5, address: 20, window: 60 * 60 },
  signUp: { address: 20, window: 60 * 60 },
  otp: { account: 5, address: 20, window: 60 * 60 },
  otpVerify: { account: 5, address: 50, window: 10 * 60 },
} as const;

/** Digits only, so "+91 98300-12345" and "9830012345" count against one limit. */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);

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
  async signUp(@Body() raw: unknown, @Req() req: FastifyRequest) {
    const body = parseBody(signUpBody, raw);
    await this.auth.rateLimit(`sign-up:ip:${req.ip}`, LIMITS.signUp.address, LIMITS.signUp.window);
    unwrap(await this.rpc.request('rpc.identity.accounts.sign-up', body));
    return { message: 'Please check your email to verify your account.' };
  }

  /** The link in the confirmation mail: confirms, signs in, and lands on the site root. */
  @Get('confirm')
  async confirmLink(@Query('token') token: string | undefined, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const result = token ? await this.rpc.request('rpc.identity.accounts.confirm', { token: String(token).slice(0, 200), userAgent: req.headers['user-agent'] }) : null;
    if (!result?.ok) return reply.redirect('/auth?confirm=invalid', 303);
    this.startSession(reply, result.data);
    return reply.redirect('/', 303);
  }

  @Post('confirm')
  async confirm(@Body() raw: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token } = parseBody(tokenBody, raw);
    return this.startSession(reply, unwrap(await this.rpc.request('rpc.identity.accounts.confirm', { token, userAgent: req.headers['user-agent'] })));
  }

  @Post('sign-in')
  @HttpCode(200)
  async signIn(@Body() raw: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = parseBody(signInBody, raw);
    await this.auth.rateLimit(`sign-in:ip:${req.ip}`, LIMITS.signIn.address, LIMITS.signIn.window);
    await this.auth.rateLimit(`sign-in:account:${body.email.trim().toLowerCase()}`, LIMITS.signIn.account, LIMITS.signIn.window);
    const issued = unwrap(await this.rpc.request('rpc.identity.sessions.create', { ...body, userAgent: req.headers['user-agent']?.slice(0, 300) }));
    return this.startSession(reply, issued);
  }

  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = readCookie(req, REFRESH_COOKIE);
    if (!token) throw new AppErrorException({ code: 'UNAUTHENTICATED', message: 'Not signed in' });
    const result = await this.rpc.request('rpc.identity.sessions.refresh', { refreshToken: token.slice(0, 200) });
    if (!result.ok) {
      clearRefreshCookie(reply);
      throw new AppErrorException(result.error);
    }
    return this.startSession(reply, result.data);
  }

  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = readCookie(req, REFRESH_COOKIE);
    clearRefreshCookie(reply);
    if (!token) return;
    const result = await this.rpc.request('rpc.identity.sessions.revoke', { refreshToken: token.slice(0, 200) });
    if (result.ok && result.data.sessionId) await this.auth.revokeSession(result.data.sessionId);
  }

  @Post('password-reset')
  @HttpCode(202)
  async passwordReset(@Body() raw: unknown, @Req() req: FastifyRequest) {
    const { email } = parseBody(emailBody, raw);
    await this.auth.rateLimit(`reset:ip:${req.ip}`, LIMITS.reset.address, LIMITS.reset.window);
    await this.auth.rateLimit(`reset:account:${email.trim().toLowerCase()}`, LIMITS.reset.account, LIMITS.reset.window);
    return unwrap(await this.rpc.request('rpc.identity.passwords.reset-request', { email }));
  }

  @Post('otp')
  @HttpCode(202)
  async otp(@Body() raw: unknown, @Req() req: FastifyRequest) {
    const { phone } = parseBody(otpBody, raw);
    await this.auth.rateLimit(`otp:ip:${req.ip}`, LIMITS.otp.address, LIMITS.otp.window);
    await this.auth.rateLimit(`otp:phone:${phoneKey(phone)}`, LIMITS.otp.account, LIMITS.otp.window);
    return unwrap(await this.rpc.request('rpc.identity.otp.request', { phone }));
  }

  /** A 6-digit code is guessable in bulk, so verification attempts are limited per phone. */
  @Post('otp/verify')
  @HttpCode(200)
  async otpVerify(@Body() raw: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { phone, token } = parseBody(otpVerifyBody, raw);
    await this.auth.rateLimit(`otp-verify:ip:${req.ip}`, LIMITS.otpVerify.address, LIMITS.otpVerify.window);
    await this.auth.rateLimit(`otp-verify:phone:${phoneKey(phone)}`, LIMITS.otpVerify.account, LIMITS.otpVerify.window);
    const issued = unwrap(await this.rpc.request('rpc.identity.otp.verify', { phone, token, userAgent: req.headers['user-agent']?.slice(0, 300) }));
    return this.startSession(reply, issued);
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
