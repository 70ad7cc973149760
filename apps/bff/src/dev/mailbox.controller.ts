import { Controller, Get, Header } from '@nestjs/common';
import { RpcClient } from '@jalaj/server-kit';
import { unwrap } from '../auth/rpc-result.js';
import { bffConfig } from '../config.js';

/**
 * Whether `/dev/mailbox` is served: only when asked for with `DEV_MAILBOX=true` (`npm start`
 * and the test suites set it) and never in production. It shows every kept mail's links,
 * sign-in codes included, to whoever can reach the shop.
 */
export const devMailboxEnabled = (env: { DEV_MAILBOX?: string; NODE_ENV?: string } = bffConfig()) => env.DEV_MAILBOX === 'true' && env.NODE_ENV !== 'production';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `/dev/mailbox`: the mails and SMS codes that were kept instead of sent, so a developer
 * or a browser test can follow confirmation and reset links. Registered only when
 * {@link devMailboxEnabled}.
 */
@Controller('dev')
export class DevMailboxController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('mailbox.json')
  async json() {
    return unwrap(await this.rpc.request('rpc.identity.mailbox.list', {}));
  }

  @Get('mailbox')
  @Header('content-type', 'text/html; charset=utf-8')
  async html() {
    const { items } = await this.json();
    const rows = items
      .map(
        (m) => `<article><h2>${escape(m.subject)}</h2><p class="meta">${m.kind.toUpperCase()} to ${escape(m.to)} · ${escape(m.createdAt)}</p>
<pre>${escape(m.text)}</pre>${m.links.map((l) => `<p><a href="${escape(l)}">${escape(l)}</a></p>`).join('')}</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Jalaj — development mailbox</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0b2e2c}
article{border:1px solid #cfe3df;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#557;margin:.25rem 0}
pre{white-space:pre-wrap;font:inherit}a{color:#0a6b5f;word-break:break-all}</style></head><body><h1>Development mailbox</h1>
<p>Mails and SMS codes kept instead of sent (not available in production).</p>${rows || '<p>No messages yet.</p>'}</body></html>`;
  }
}
