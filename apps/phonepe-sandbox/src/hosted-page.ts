import type { SandboxOrder } from './sandbox.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paise as rupees the Indian way: `₹1,234.50`. */
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
export const rupees = (paise: number): string => rupeeFormat.format(paise / 100);

/** The page's Content-Security-Policy: nothing external; the form may send the browser back to the merchant. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3eefa;color:#1d1530}
.notice{background:#fff4c2;color:#4a3b00;border-bottom:1px solid #e8d27a;padding:10px 16px;text-align:center;font-weight:600}
header{background:#5f259f;color:#fff;padding:14px 16px;display:flex;align-items:center;gap:10px}
.logo{width:32px;height:32px;border-radius:50%;background:#fff;color:#5f259f;display:grid;place-items:center;font-weight:800}
header p{margin:0;font-weight:700;font-size:18px}
main{max-width:440px;margin:20px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 2px 12px rgba(60,20,110,.12);padding:20px}
h1{font-size:20px;margin:0 0 4px}
.muted{color:#5b5370;margin:0}
.amount{font-size:34px;font-weight:800;margin:14px 0 4px;color:#1d1530}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0;font-size:14px}
dt{color:#5b5370}
dd{margin:0;word-break:break-all;font-family:ui-monospace,Menlo,Consolas,monospace}
.upi{border:1px dashed #b9a3dc;border-radius:10px;padding:12px;margin:16px 0;font-size:14px;color:#3d2f5c}
form{display:grid;gap:10px;margin-top:8px}
button,.button{font:inherit;font-weight:700;border-radius:10px;padding:14px 16px;min-height:48px;cursor:pointer;border:2px solid transparent;text-align:center;text-decoration:none;display:block;width:100%}
.pay{background:#5f259f;color:#fff}
.pay:hover{background:#4c1d80}
.decline{background:#fff;color:#b42318;border-color:#b42318}
.pending{background:#fff;color:#3d2f5c;border-color:#b9a3dc}
button:focus-visible,.button:focus-visible{outline:3px solid #ffb400;outline-offset:2px}
.state{border-radius:10px;padding:12px;margin:14px 0;font-weight:600}
.state.bad{background:#fde8e6;color:#8a1c12}
.state.good{background:#e3f6e8;color:#135c2a}
footer{font-size:12px;color:#5b5370;text-align:center;margin:16px 0 28px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="notice" role="note">PhonePe sandbox — test payment, no money moves</div>
<header><span class="logo" aria-hidden="true">पे</span><p>PhonePe <span style="font-weight:400">sandbox</span></p></header>
<main>
${body}
<footer>A simulator of PhonePe's payment page for development and tests. No bank, card or UPI account is charged.</footer>
</main>
</body>
</html>`;
}

function details(order: SandboxOrder, merchantName: string): string {
  return `<dl>
<dt>Merchant</dt><dd>${escape(merchantName)}</dd>
<dt>Order</dt><dd>${escape(order.merchantOrderId)}</dd>
<dt>PhonePe order</dt><dd>${escape(order.orderId)}</dd>
</dl>`;
}

/** The payment step: amount, merchant and order, and the three choices a tester has. */
export function paymentPage(order: SandboxOrder, merchantName: string, expiresAt: string): string {
  return layout(
    `Pay ${rupees(order.amount)} to ${merchantName} — PhonePe sandbox`,
    `<section class="card" aria-labelledby="title">
<h1 id="title">Pay ${escape(merchantName)}</h1>
<p class="muted">${escape(order.message ?? 'Payment for your order')}</p>
<p class="amount" aria-label="Amount to pay">${rupees(order.amount)}</p>
${details(order, merchantName)}
<div class="upi"><strong>UPI</strong> · Pay with any UPI app. In this sandbox, choose what the payment does. The payment expires at ${escape(expiresAt)}.</div>
<form method="post" action="/pay/${encodeURIComponent(order.orderId)}">
<button class="pay" type="submit" name="outcome" value="COMPLETED">Pay ${rupees(order.amount)}</button>
<button class="decline" type="submit" name="outcome" value="FAILED">Decline payment</button>
<button class="pending" type="submit" name="outcome" value="PENDING">Leave pending and go back</button>
</form>
</section>`,
  );
}

/** An order that can no longer be paid here: expired, or already decided. */
export function closedPage(order: SandboxOrder, merchantName: string, reason: 'expired' | 'completed' | 'failed' | 'pending'): string {
  const text = {
    expired: 'This payment request has expired. No money was taken.',
    completed: 'This order has been paid already.',
    failed: 'This payment has failed. No money was taken.',
    pending: 'This payment is still pending. You may close this page.',
  }[reason];
  return layout(
    `Payment ${reason} — PhonePe sandbox`,
    `<section class="card" aria-labelledby="title">
<h1 id="title">Pay ${escape(merchantName)}</h1>
<p class="amount">${rupees(order.amount)}</p>
<p class="state ${reason === 'completed' ? 'good' : 'bad'}" role="status">${text}</p>
${details(order, merchantName)}
${order.redirectUrl ? `<a class="button pay" href="${escape(order.redirectUrl)}">Return to ${escape(merchantName)}</a>` : ''}
</section>`,
  );
}

export function notFoundPage(): string {
  return layout('Payment not found — PhonePe sandbox', `<section class="card"><h1>Payment not found</h1><p class="muted">There is no payment request at this address.</p></section>`);
}
