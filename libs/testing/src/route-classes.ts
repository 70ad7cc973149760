import type { HttpRouteId } from '@jalaj/contracts';

/** Who the fuzzer and the authorization matrix call a route as. */
export type RouteCaller = 'public' | 'shopper' | 'admin';

/** What one shopper owns in the shop the fuzzer runs against (made by `prepareHostileFixtures`). */
export interface ShopperFixture {
  readonly id: string;
  readonly email: string;
  readonly token: string;
  readonly addressId: string;
  readonly cartLineId: string;
  readonly orderId: string;
  readonly merchantOrderId: string;
}

/** Everything the valid requests of the routes name. */
export interface HostileFixtures {
  /** The shopper the fuzzer calls as. */
  readonly shopper: ShopperFixture;
  /** Another shopper: their ids must be a 404 to {@link shopper}. */
  readonly other: ShopperFixture;
  readonly adminToken: string;
  /** A product on sale (from the demo catalogue). */
  readonly productId: string;
  /** A product of the fuzzer's own, which the admin routes may change and delete. */
  readonly fuzzProductId: string;
  /** A stored image's key (`demo/<slug>/<variant>.webp`). */
  readonly mediaKey: string;
}

/** A GET whose answer must be unchanged after a refused write (no partial write). */
export interface ReadBack {
  readonly route: HttpRouteId;
  readonly params?: (f: HostileFixtures) => Record<string, string>;
  /**
   * Fields of the answer left out of the comparison: what another service owns and the
   * answer shows as it was a moment ago, which an earlier route's accepted write can change
   * between two reads without this route writing anything.
   */
  readonly without?: readonly string[];
}

/**
 * How the fuzzer and the authorization matrix call one route.
 * - `caller`: who may call it (the matrix checks the others are refused);
 * - `params`/`query`/`body`: its valid request, given the fixtures and the shopper whose
 *   ids the path names (`own`: the matrix passes the other shopper's);
 * - `owned`: the path names something of a shopper (another shopper's id → 404);
 * - `readBack`: the GET that shows what the route changes (compared after each refused
 *   write, and checked for mass-assigned fields).
 */
export interface RouteClass {
  readonly caller: RouteCaller;
  readonly params?: (f: HostileFixtures, own: ShopperFixture) => Record<string, string>;
  readonly query?: (f: HostileFixtures) => Record<string, string>;
  readonly body?: (f: HostileFixtures, own: ShopperFixture) => unknown;
  readonly owned?: boolean;
  readonly readBack?: ReadBack;
  /** The mass-assignment check's body from what it read back before (the version a save must carry). */
  readonly current?: (body: object, before: unknown, f: HostileFixtures) => object;
}

let seq = 0;
/** A new email per call: sign-ups the fuzzer lets through each make an account of their own. */
const freshEmail = () => `fuzz.${Date.now().toString(36)}.${++seq}@example.in`;

const ADDRESS = { nickname: 'Home', fullName: 'Asha Roy', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India', addressType: 'both' };
const PRODUCT = { name: 'Fuzz fern', description: 'A fern for the fuzzer', price: '120.00', stockQuantity: 5, category: 'foreground', imageUrls: [], plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low', carbonateHardnessKh: 'low', generalHardnessGh: 'low' };

const address = (_f: HostileFixtures, own: ShopperFixture) => ({ id: own.addressId });
const me: ReadBack = { route: 'me.get' };
const addresses: ReadBack = { route: 'me.addresses.list' };
const stockAlerts: ReadBack = { route: 'me.stockAlerts.list' };
const cart: ReadBack = { route: 'cart.get' };
// The customer on an order is identity's profile as the order service last looked it up
// (kept 30 s, CUSTOMER_TTL_MS): the shopper's name, which me.update's cases change.
const adminOrder: ReadBack = { route: 'admin.orders.get', params: (f) => ({ id: f.shopper.orderId }), without: ['customer'] };
const fuzzProduct: ReadBack = { route: 'admin.products.list' };
const admins: ReadBack = { route: 'admin.admins.list' };

/**
 * Every route of `HTTP_ROUTES`, classified for the hostile-input suite. A route missing
 * here fails the suite (a new route cannot silently skip the fuzzer): adding one is one
 * line.
 */
export const ROUTE_CLASSES: Readonly<Partial<Record<HttpRouteId, RouteClass>>> = {
  'auth.signUp': { caller: 'public', body: () => ({ email: freshEmail(), password: 'secret-123', fullName: 'Fuzz Roy' }), readBack: { route: 'admin.users.list' } },
  'auth.confirmLink': { caller: 'public', query: () => ({ token: 'not-a-token' }) },
  'auth.confirm': { caller: 'public', body: () => ({ token: 'not-a-token' }) },
  'auth.signIn': { caller: 'public', body: (_f, own) => ({ email: own.email, password: 'wrong-password' }) },
  'auth.refresh': { caller: 'public' },
  'auth.signOut': { caller: 'public' },
  'auth.passwordReset': { caller: 'public', body: () => ({ email: 'nobody@example.in' }) },
  'auth.passwordResetCheck': { caller: 'public', body: () => ({ token: 'not-a-token' }) },
  'auth.passwordUpdate': { caller: 'public', body: () => ({ token: 'not-a-token', password: 'secret-456' }) },
  'auth.otp': { caller: 'public', body: () => ({ phone: '9830012345' }) },
  'auth.otpVerify': { caller: 'public', body: () => ({ phone: '9830012345', token: '000000', type: 'sms' }) },

  'me.get': { caller: 'shopper' },
  'me.update': { caller: 'shopper', body: () => ({ fullName: 'Fuzz Roy' }), readBack: me },
  'me.addresses.list': { caller: 'shopper' },
  'me.addresses.create': { caller: 'shopper', body: () => ADDRESS, readBack: addresses },
  'me.addresses.update': { caller: 'shopper', params: address, owned: true, body: () => ADDRESS, readBack: addresses },
  'me.addresses.delete': { caller: 'shopper', params: address, owned: true, readBack: addresses },
  'me.addresses.defaultShipping': { caller: 'shopper', params: address, owned: true, readBack: addresses },
  'me.addresses.defaultBilling': { caller: 'shopper', params: address, owned: true, readBack: addresses },
  'me.stockAlerts.list': { caller: 'shopper' },
  // The demo plant is in stock: a request for it is refused (PRODUCT_IN_STOCK) and changes nothing.
  'me.stockAlerts.create': { caller: 'shopper', body: (f) => ({ productId: f.productId }), readBack: stockAlerts },
  'me.stockAlerts.delete': { caller: 'shopper', params: (f) => ({ productId: f.productId }), readBack: stockAlerts },

  'products.list': { caller: 'public', query: () => ({ q: 'fern' }) },
  'products.get': { caller: 'public', params: (f) => ({ id: f.productId }) },

  'cart.get': { caller: 'shopper' },
  'cart.addItem': { caller: 'shopper', body: (f) => ({ productId: f.productId, quantity: 1 }), readBack: cart },
  'cart.updateItem': { caller: 'shopper', params: (_f, own) => ({ id: own.cartLineId }), owned: true, body: () => ({ quantity: 1 }), readBack: cart },
  'cart.removeItem': { caller: 'shopper', params: (_f, own) => ({ id: own.cartLineId }), owned: true, readBack: cart },
  'cart.clear': { caller: 'shopper', readBack: cart },

  'checkout.shippingQuote': { caller: 'public', query: () => ({ postalCode: '700016' }) },
  'checkout.open': { caller: 'shopper' },
  // Without addresses: refused (the addresses are required), so the fuzzer starts no payment.
  'checkout.pay': { caller: 'shopper', body: () => ({}), readBack: { route: 'orders.list' } },

  'payments.status': { caller: 'shopper', params: (_f, own) => ({ merchantOrderId: own.merchantOrderId }), owned: true },
  'payments.phonepeReturn': { caller: 'public', params: (f) => ({ merchantOrderId: f.shopper.merchantOrderId }) },
  'payments.phonepeWebhook': { caller: 'public', body: () => ({ event: 'checkout.order.completed', payload: {} }), readBack: adminOrder },

  'orders.list': { caller: 'shopper' },
  'orders.get': { caller: 'shopper', params: (_f, own) => ({ id: own.orderId }), owned: true },
  'orders.bill': { caller: 'shopper', params: (_f, own) => ({ id: own.orderId }), owned: true },
  // Multipart, as the product uploads: the fixtures' order is not delivered, so a claim that gets through the checks is refused (window closed).
  'orders.claims.create': { caller: 'shopper', params: (_f, own) => ({ id: own.orderId }), readBack: { route: 'orders.get', params: (f) => ({ id: f.shopper.orderId }) } },
  // A photo no claim has: 404 for everyone, its order's shopper too (the fixtures' order is not
  // delivered, so it has no claim to own a photo). Not `owned`: that check wants the owner's
  // answer to differ; claims.int-spec.ts shows a real photo to its shopper and admins only.
  'orders.claimPhoto': { caller: 'shopper', params: (_f, own) => ({ id: own.orderId, photoId: 'upl_0fuzz' }) },

  'admin.orders.list': { caller: 'admin', query: () => ({ page: '1' }) },
  'admin.orders.export': { caller: 'admin', query: () => ({ state: 'pending' }) },
  'admin.orders.get': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }) },
  'admin.orders.bill': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }) },
  'admin.orders.delete': { caller: 'admin', params: (f) => ({ id: f.other.orderId }), readBack: adminOrder },
  'admin.orders.bulkDelete': { caller: 'admin', body: () => ({ orderIds: [] }), readBack: adminOrder },
  'admin.orders.restore': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }), readBack: adminOrder },
  'admin.orders.fulfil': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }), body: () => ({ status: 'packed' }), readBack: adminOrder },
  // More than the order's total: refused. An accepted refund settles later (refund_pending,
  // then refunded), which would read as a change while the fuzzer sends refused requests.
  'admin.orders.refund': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }), body: () => ({ amountPaise: 100_000_000, reason: 'fuzz' }), readBack: adminOrder },
  // The shopper's order is paid and its refunds are PhonePe's to finish: every decision is refused (DECISION_TAKEN, REFUND_NOT_FOUND) and changes nothing.
  'admin.orders.acceptPayment': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }), readBack: adminOrder },
  'admin.orders.refundHeld': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId }), readBack: adminOrder },
  'admin.orders.retryRefund': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId, refundId: 'rfd_fuzz' }), readBack: adminOrder },
  'admin.orders.settleRefund': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId, refundId: 'rfd_fuzz' }), body: () => ({ note: 'Paid back by bank transfer' }), readBack: adminOrder },
  'admin.orders.claimPhoto': { caller: 'admin', params: (f) => ({ id: f.shopper.orderId, photoId: 'upl_0fuzz' }) },
  // A claim that does not exist: CLAIM_NOT_FOUND once the checks let a request through; nothing changes.
  'admin.claims.approve': { caller: 'admin', params: () => ({ id: 'gcl_0fuzz' }), readBack: adminOrder },
  'admin.claims.decline': { caller: 'admin', params: () => ({ id: 'gcl_0fuzz' }), body: () => ({ reason: 'fuzz reason' }), readBack: adminOrder },

  'admin.products.list': { caller: 'admin', query: () => ({ page: '1' }) },
  'admin.products.create': { caller: 'admin', body: () => PRODUCT, readBack: fuzzProduct },
  // A version the product never had: a save that gets through the checks is refused as stale;
  // the mass-assignment check sends the product's own version, so its save goes through.
  'admin.products.update': {
    caller: 'admin',
    params: (f) => ({ id: f.fuzzProductId }),
    body: () => ({ ...PRODUCT, version: 1_000_000, loadedStockQuantity: 5 }),
    readBack: fuzzProduct,
    current: (body, before, f) => {
      const product = (before as { items?: { id: string; version: number; stockQuantity: number }[] } | null)?.items?.find((p) => p.id === f.fuzzProductId);
      return product ? { ...body, version: product.version, loadedStockQuantity: product.stockQuantity } : body;
    },
  },
  'admin.products.stock-history': { caller: 'admin', params: (f) => ({ id: f.fuzzProductId }), query: () => ({ page: '1', pageSize: '10' }) },
  // More than the product has: an adjustment that gets through the checks is refused (below 0).
  'admin.products.stock-adjust': { caller: 'admin', params: (f) => ({ id: f.fuzzProductId }), body: () => ({ change: -100_000, reason: 'fuzz' }), readBack: fuzzProduct },
  'admin.products.delete': { caller: 'admin', params: (f) => ({ id: f.fuzzProductId }), readBack: fuzzProduct },
  'admin.media.upload': { caller: 'admin' },
  'admin.figures': { caller: 'admin', query: () => ({ day: '2026-11-23' }) },
  'admin.sales': { caller: 'admin', query: () => ({ days: '90', to: '2026-11-23' }) },
  'admin.sales.export': { caller: 'admin', query: () => ({ days: '30' }) },
  'admin.users.list': { caller: 'admin', query: () => ({ q: 'fuzz', page: '1' }) },
  'admin.users.get': { caller: 'admin', params: (f) => ({ id: f.shopper.id }) },
  'admin.admins.list': { caller: 'admin' },
  'admin.admins.add': { caller: 'admin', body: () => ({ email: 'nobody@example.in' }), readBack: admins },
  'admin.admins.remove': { caller: 'admin', params: (f) => ({ email: f.other.email }), readBack: admins },

  'media.image': { caller: 'public', params: (f) => ({ key: f.mediaKey }) },
};
