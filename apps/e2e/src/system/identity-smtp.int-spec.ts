import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { orderNumber } from '@jalaj/commerce';
import { eventSubjects, newId } from '@jalaj/contracts';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { eventPublisher, eventually, httpClient, testDatabaseUrl } from '@jalaj/testing';

/**
 * With SMTP_URL set, identity sends its mails through SMTP (here a real SMTP server in
 * this process) instead of keeping them for the development mailbox, and retries when
 * the server refuses.
 */
describe('mail through SMTP (real identity and BFF processes)', () => {
  const received: { to: string; raw: string }[] = [];
  let refuseNext = 1;
  let smtp: SMTPServer;
  const apps: AppHandle[] = [];
  let base = '';
  const identityDb = testDatabaseUrl('identity_smtp');

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString()));
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext--;
            return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    const shared = { NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, LOG_LEVEL: 'warn' };
    const bffPort = await freePort();
    base = `http://127.0.0.1:${bffPort}`;
    apps.push(await startApp('identity', { port: await freePort(), env: { ...shared, DATABASE_URL: identityDb, PUBLIC_URL: base, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } }));
    apps.push(await startApp('bff', { port: bffPort, env: shared }));
  }, 90000);

  afterAll(async () => {
    await Promise.all(apps.reverse().map((a) => a.stop()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the confirmation mail over SMTP, retrying after the server refused the first attempt', async () => {
    const call = httpClient(base);
    const email = `smtp.${Date.now()}@example.in`;
    expect((await call('POST', '/api/auth/sign-up', { body: { email, password: 'secret-123', fullName: 'Mail Test' } })).status).toBe(201);
    const mail = await eventually(
      async () => received.find((m) => m.to === email),
      (m) => !!m,
      20000,
    );
    expect(refuseNext).toBe(0);
    expect(mail!.raw).toContain('Subject: Confirm your Jalaj account');
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`${base}/api/auth/confirm?token=`);
    // The sender marks the mail sent in its own transaction, just after the server accepted it.
    const listed = await eventually(
      async (): Promise<{ subject: string }[]> => (await call('GET', '/dev/mailbox.json')).body.items.filter((m: { to: string }) => m.to === email),
      (items: { subject: string }[]) => items.length > 0,
    );
    expect(listed.map((m: { subject: string }) => m.subject)).toEqual(['Confirm your Jalaj account']);
  });

  it('sends an order confirmation over SMTP with a plain-text and an HTML part', async () => {
    const call = httpClient(base);
    const email = `smtp.order.${Date.now()}@example.in`;
    expect((await call('POST', '/api/auth/sign-up', { body: { email, password: 'secret-123', fullName: 'Mail Test' } })).status).toBe(201);
    const db = new pg.Client({ connectionString: identityDb });
    await db.connect();
    const [{ id: userId }] = (await db.query<{ id: string }>('select id from users where email = $1', [email])).rows as [{ id: string }];
    await db.end();
    const events = await eventPublisher();
    const merchantOrderId = `MO${Date.now()}smtp01_k3`;
    await events.publish('evt.order.order.paid.v1', { ...eventSubjects['evt.order.order.paid.v1'].fixture, orderId: newId('ord'), merchantOrderId, userId });
    await events.close();
    const mail = await eventually(
      async () => received.find((m) => m.to === email && m.raw.includes('Subject: Order confirmed')),
      (m) => !!m,
      20000,
    );
    expect(mail!.raw).toContain(`Subject: Order confirmed: your Jalaj order #${orderNumber(merchantOrderId)}`);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
  });
});
