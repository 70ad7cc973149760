import {
  attentionDigestSubject,
  attentionText,
  EXPECTED_DELIVERY_TEXT,
  formatCustomerDate,
  formatRupees,
  orderMoneyLines,
  orderNumber,
  orderPagePath,
  productPagePath,
} from '@jalaj/commerce';
import type { AddressSnapshot, EventData, OrderLine } from '@jalaj/contracts';

/** A mail ready to queue: its subject, the plain text, the same in simple HTML, and its links. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export type OrderPaid = EventData<'evt.order.order.paid.v1'>;
export type OrderRefundStarted = EventData<'evt.order.order.refund-started.v1'>;
export type OrderFulfilmentChanged = EventData<'evt.order.order.fulfilment-changed.v1'>;
export type BackInStock = EventData<'evt.catalog.product.back-in-stock.v1'>;
export type AttentionDigest = EventData<'evt.order.attention.digest.v1'>;
export type ClaimFiled = EventData<'evt.order.claim.filed.v1'>;
export type ClaimDecided = EventData<'evt.order.claim.decided.v1'>;

/** Spec §9: what the shop promises for delivery (the product page's Check delivery says the same). */
const EXPECTED_DELIVERY = EXPECTED_DELIVERY_TEXT;
const SIGNATURE = 'Jalaj, Kolkata';
/** How long a refund usually takes from PhonePe to the shopper's account (bank and UPI app dependent). */
const REFUND_DAYS = '3-5 business days';

/**
 * A mail's content, written once and rendered twice (plain text and HTML), so the two
 * parts of a mail can never say different things.
 */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'lines'; title?: string; lines: string[] }
  | { kind: 'amounts'; title?: string; rows: { label: string; amount: string; total?: boolean }[] };

const greeting = (name: string): Block => ({ kind: 'paragraph', text: name.trim() ? `Namaste ${name.trim()},` : 'Namaste,' });

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

/** The bought lines with their amounts as paid; a discounted line says so. */
function boughtLines(lines: readonly OrderLine[], title: string): Block {
  return {
    kind: 'amounts',
    title,
    rows: lines.map((l) => ({
      label: `${l.productName} × ${l.quantity} (${formatRupees(l.discountedUnitPricePaise)} each${l.discountPercent > 0 ? `, ${l.discountPercent}% off` : ''})`,
      amount: formatRupees(l.lineTotalPaise),
    })),
  };
}

/** The order's money lines, as every place shows them (`orderMoneyLines`): they add up to the total paid. */
function totals(order: OrderPaid): Block {
  return { kind: 'amounts', rows: orderMoneyLines(order).map((l) => ({ label: l.label, amount: l.amount, total: l.sum })) };
}

/** The order's page for its shopper (My Orders with its Details open), at the shop's address. */
const orderUrl = (shopUrl: string, orderId: string) => `${shopUrl.replace(/\/+$/, '')}${orderPagePath(orderId)}`;

function address(a: AddressSnapshot, title: string): Block {
  return {
    kind: 'lines',
    title,
    lines: [a.fullName, a.addressLine1, a.addressLine2 ?? '', `${a.city}, ${a.state} ${a.postalCode}`, a.country, `Phone: ${a.phone}`].filter((l) => l.trim() !== ''),
  };
}

/**
 * The order confirmation mailed when an order is paid (issue #10, item 5): the order
 * number (spec §9), what was bought with the amounts as paid, shipping, the total, where it
 * goes and when it should arrive.
 *
 * @param name - The shopper's full name (may be empty).
 * @param order - The `evt.order.order.paid.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the mail links to the order there.
 */
export function orderConfirmationMail(name: string, order: OrderPaid, shopUrl: string): RenderedMail {
  const number = orderNumber(order.merchantOrderId);
  return render(`Order confirmed: your Jalaj order #${number}`, [
    greeting(name),
    paragraph('Thank you for shopping with Jalaj! Your payment has reached us and your order is confirmed. We are getting your plants ready for the journey.'),
    {
      kind: 'lines',
      lines: [`Order number: #${number}`, `Paid on: ${formatCustomerDate(order.paidAt)}`, ...(order.transactionId ? [`PhonePe transaction id: ${order.transactionId}`] : [])],
    },
    boughtLines(order.lines, 'Your plants'),
    totals(order),
    address(order.shippingAddress, 'Shipping to'),
    paragraph(`Expected delivery: ${EXPECTED_DELIVERY}. We will pack your plants carefully so they arrive fresh.`),
    { kind: 'link', text: `View order #${number} and its invoice`, url: orderUrl(shopUrl, order.orderId) },
    paragraph(`Happy planting!\n${SIGNATURE}`),
  ]);
}

/**
 * The mail sent when a refund of a paid order starts: because its plants sold out before
 * the payment arrived (issue #10, item 5), or because an admin refunded it (issue #11),
 * with the admin's reason and the amount, which may be part of what was paid.
 *
 * @param name - The shopper's full name (may be empty).
 * @param order - The `evt.order.order.refund-started.v1` facts.
 */
export function refundStartedMail(name: string, order: OrderRefundStarted): RenderedMail {
  const number = orderNumber(order.merchantOrderId);
  if (order.reason === 'admin') return adminRefundMail(name, order, number);
  return render(`Refund for your Jalaj order #${number}`, [
    greeting(name),
    paragraph(`We are sorry: the plants in your order #${number} sold out before your payment reached us, so we cannot send them.`),
    paragraph(`We are refunding the full amount of ${formatRupees(order.refundPaise)} to your original payment method. There is nothing you need to do; your bank or UPI app will show the refund once PhonePe has completed it.`),
    boughtLines(order.lines, 'The order'),
    { kind: 'lines', lines: [`Order number: #${number}`, `Refund reference: ${order.merchantRefundId}`] },
    paragraph(`We hope to see you again soon, when the plants are back in stock.\n${SIGNATURE}`),
  ]);
}

/** An admin's refund: how much of what was paid comes back, why, and how long the bank takes. */
function adminRefundMail(name: string, order: OrderRefundStarted, number: string): RenderedMail {
  const amount = formatRupees(order.refundPaise);
  const whole = order.refundPaise >= order.totalPaise;
  return render(`Refund for your Jalaj order #${number}`, [
    greeting(name),
    paragraph(
      whole
        ? `We have started a refund of the full amount of ${amount} for your order #${number}.`
        : `We have started a refund of ${amount} of the ${formatRupees(order.totalPaise)} you paid for your order #${number}.`,
    ),
    ...(order.note?.trim() ? [{ kind: 'lines', title: 'Why we are refunding', lines: [order.note.trim()] } satisfies Block] : []),
    paragraph(
      `The money goes back to your original payment method through PhonePe. It usually takes ${REFUND_DAYS} to reach your account, depending on your bank or UPI app. There is nothing you need to do.`,
    ),
    boughtLines(order.lines, 'The order'),
    { kind: 'lines', lines: [`Order number: #${number}`, `Refund reference: ${order.merchantRefundId}`] },
    paragraph(SIGNATURE),
  ]);
}

/**
 * The mail for a fulfilment step the shopper should hear about (issue #11): shipped (with
 * the courier and tracking number), delivered, or cancelled (with the note). Processing
 * and packed are shown on the order page only: null.
 *
 * @param name - The shopper's full name (may be empty).
 * @param step - The `evt.order.order.fulfilment-changed.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the mail links to the order there.
 */
export function fulfilmentMail(name: string, step: OrderFulfilmentChanged, shopUrl: string): RenderedMail | null {
  const number = orderNumber(step.merchantOrderId);
  const link: Block = { kind: 'link', text: `Follow your order #${number}`, url: orderUrl(shopUrl, step.orderId) };
  const note = step.note?.trim() ? [paragraph(step.note.trim())] : [];
  switch (step.status) {
    case 'shipped':
      return render(`Your Jalaj order #${number} has shipped`, [
        greeting(name),
        paragraph(`Good news: your plants are on their way! We handed your order #${number} to the courier on ${formatCustomerDate(step.at)}.`),
        { kind: 'lines', lines: [`Courier: ${step.courier ?? 'Not specified'}`, `Tracking number: ${step.trackingNumber ?? 'Not specified'}`] },
        ...note,
        paragraph('Live plants travel best when they are unpacked soon after they arrive: please open the parcel the day it reaches you.'),
        link,
        paragraph(`Happy planting!\n${SIGNATURE}`),
      ]);
    case 'delivered':
      return render(`Your Jalaj order #${number} has been delivered`, [
        greeting(name),
        paragraph(`Your order #${number} was delivered on ${formatCustomerDate(step.at)}. We hope your plants arrived fresh and settle in well.`),
        ...note,
        paragraph('If anything arrived damaged or is missing, please let us know.'),
        link,
        paragraph(`Happy planting!\n${SIGNATURE}`),
      ]);
    case 'cancelled':
      return render(`Your Jalaj order #${number} has been cancelled`, [
        greeting(name),
        paragraph(`We are sorry: we have cancelled your order #${number} and will not send it.`),
        ...(step.note?.trim() ? [{ kind: 'lines', title: 'Why', lines: [step.note.trim()] } satisfies Block] : []),
        paragraph('If you paid for it, we refund the money to your original payment method; you will get a separate mail when the refund starts.'),
        link,
        paragraph(SIGNATURE),
      ]);
    default:
      return null;
  }
}

/**
 * The mail to a shopper who asked to be told when a sold-out plant is back (issue #41): the
 * plant and a link to its page. The shop's other mails are about orders; this one shares
 * their greeting, signature and rendering.
 *
 * @param name - The shopper's full name (may be empty).
 * @param event - The `evt.catalog.product.back-in-stock.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the mail links to the product there.
 */
export function backInStockMail(name: string, event: Pick<BackInStock, 'productId' | 'productName'>, shopUrl: string): RenderedMail {
  return render(`${event.productName} is back in stock at Jalaj`, [
    greeting(name),
    paragraph(`Good news: ${event.productName} is back in stock. You asked us to tell you, so you are among the first to know.`),
    paragraph('Live plants sell out quickly; add it to your cart soon if you still want it.'),
    { kind: 'link', text: `View ${event.productName}`, url: `${shopUrl.replace(/\/+$/, '')}${productPagePath(event.productId)}` },
    paragraph(`Happy planting!\n${SIGNATURE}`),
  ]);
}

/**
 * The admins' daily mail of the orders that wait for a decision (issue #42): each order's
 * number and what it waits for, in the drawer's words (`attentionText`), and a link to the
 * Orders tab filtered to them, where each is settled.
 *
 * @param name - The admin's full name (may be empty).
 * @param digest - The `evt.order.attention.digest.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the admin console is under `/admin`.
 */
export function attentionDigestMail(name: string, digest: AttentionDigest, shopUrl: string): RenderedMail {
  const more = digest.total - digest.orders.length;
  return render(attentionDigestSubject(digest.total), [
    greeting(name),
    paragraph(`${digest.total === 1 ? 'One order waits' : `${digest.total} orders wait`} for a decision in the admin console today (${digest.day}):`),
    ...digest.orders.map((o): Block => ({ kind: 'lines', title: `Order #${orderNumber(o.merchantOrderId)}`, lines: o.items.map((item) => attentionText(item)) })),
    ...(more > 0 ? [paragraph(`And ${more} more: the Orders tab lists them all.`)] : []),
    { kind: 'link', text: 'Open the orders that need attention', url: `${shopUrl.replace(/\/+$/, '')}/admin?attention=true` },
    paragraph(SIGNATURE),
  ]);
}

/** The claimed plants, as the claim lists them. */
const claimedLines = (lines: ClaimFiled['lines']): Block => ({ kind: 'lines', title: 'The plants you claimed', lines: lines.map((l) => `${l.productName} × ${l.quantity}`) });

/**
 * The mail that confirms a guarantee claim was received (issue #41): the plants claimed, and
 * that a person reviews it; no money moves, a replacement comes if it is approved.
 *
 * @param name - The shopper's full name (may be empty).
 * @param claim - The `evt.order.claim.filed.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the mail links to the order there.
 */
export function claimFiledMail(name: string, claim: ClaimFiled, shopUrl: string): RenderedMail {
  const number = orderNumber(claim.merchantOrderId);
  return render(`We received your guarantee claim for order #${number}`, [
    greeting(name),
    paragraph(`We are sorry some of your plants did not do well. Your claim under our 30-day guarantee for order #${number} has reached us, with your photos, and is under review.`),
    claimedLines(claim.lines),
    paragraph('If we approve it, we send replacement plants at no cost to the address of the order; if not, we tell you why. Either way you hear from us by email.'),
    { kind: 'link', text: `See order #${number} and your claim`, url: orderUrl(shopUrl, claim.orderId) },
    paragraph(SIGNATURE),
  ]);
}

/**
 * The mail with an admin's decision on a guarantee claim: approved, with the replacement
 * order's number and when it should arrive; or declined, with the admin's reason.
 *
 * @param name - The shopper's full name (may be empty).
 * @param claim - The `evt.order.claim.decided.v1` facts.
 * @param shopUrl - The shop's address (`PUBLIC_URL`): the mail links to the orders there.
 */
export function claimDecidedMail(name: string, claim: ClaimDecided, shopUrl: string): RenderedMail {
  const number = orderNumber(claim.merchantOrderId);
  if (claim.decision === 'approved' && claim.replacement) {
    const replacement = orderNumber(claim.replacement.merchantOrderId);
    return render(`Your guarantee claim for order #${number} is approved`, [
      greeting(name),
      paragraph(`Good news: we approved your guarantee claim for order #${number}. We are sending replacement plants at no cost as order #${replacement}.`),
      claimedLines(claim.lines),
      paragraph(`Expected delivery: ${EXPECTED_DELIVERY}. You will get a mail when it ships.`),
      { kind: 'link', text: `Follow replacement order #${replacement}`, url: orderUrl(shopUrl, claim.replacement.orderId) },
      paragraph(`Happy planting!\n${SIGNATURE}`),
    ]);
  }
  return render(`Your guarantee claim for order #${number}`, [
    greeting(name),
    paragraph(`We looked at your guarantee claim for order #${number} carefully, and we cannot approve it.`),
    claimedLines(claim.lines),
    ...(claim.reason?.trim() ? [{ kind: 'lines', title: 'Why', lines: [claim.reason.trim()] } satisfies Block] : []),
    paragraph('If something is unclear, reply to this mail and we will look again.'),
    { kind: 'link', text: `See order #${number}`, url: orderUrl(shopUrl, claim.orderId) },
    paragraph(SIGNATURE),
  ]);
}

function render(subject: string, blocks: readonly Block[]): RenderedMail {
  return {
    subject,
    text: `${blocks.map(blockText).join('\n\n')}\n`,
    html: pageHtml(subject, blocks.map(blockHtml).join('\n')),
    links: blocks.flatMap((b) => (b.kind === 'link' ? [b.url] : [])),
  };
}

function blockText(b: Block): string {
  const titled = (title: string | undefined, lines: string[]) => [...(title ? [title] : []), ...lines].join('\n');
  if (b.kind === 'paragraph') return b.text;
  if (b.kind === 'link') return `${b.text}: ${b.url}`;
  if (b.kind === 'lines') return titled(b.title, b.lines);
  return titled(
    b.title,
    b.rows.map((r) => `${r.label}: ${r.amount}`),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const withBreaks = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
const titleHtml = (title?: string) => (title ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title)}</h2>\n` : '');

function blockHtml(b: Block): string {
  if (b.kind === 'paragraph') return `<p style="margin:0 0 16px">${withBreaks(b.text)}</p>`;
  if (b.kind === 'link') return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.url)}" style="color:#0a6b5f">${escapeHtml(b.text)}</a></p>`;
  if (b.kind === 'lines') return `${titleHtml(b.title)}<p style="margin:0 0 16px">${b.lines.map(escapeHtml).join('<br>')}</p>`;
  const rows = b.rows
    .map((r) => {
      const cell = r.total ? 'padding:8px 0 4px;border-top:1px solid #cfe3df;font-weight:bold' : 'padding:4px 0';
      return `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td style="${cell};text-align:right;white-space:nowrap;padding-left:16px">${escapeHtml(r.amount)}</td></tr>`;
    })
    .join('\n');
  return `${titleHtml(b.title)}<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">\n${rows}\n</table>`;
}

function pageHtml(subject: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 16px;background:#f3f8f7">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px;font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#0b2e2c">
<h1 style="font-size:20px;margin:0 0 16px;color:#0a6b5f">${escapeHtml(subject)}</h1>
${body}
</div>
</body></html>
`;
}
