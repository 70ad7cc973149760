import { ERROR_DATA_FIXTURES, type AdminProduct } from '@jalaj/contracts';
import { decideProductEdit } from './product-edit.js';

const product = (stockQuantity: number, version: number): AdminProduct => ({ ...ERROR_DATA_FIXTURES.PRODUCT_CHANGED.product, id: 'prd_1', stockQuantity, version });

describe('decideProductEdit', () => {
  it('saves the stock typed when nothing sold since the form loaded it', () => {
    expect(decideProductEdit(product(3, 1), { version: 1, loadedStockQuantity: 3, stockQuantity: 8 })).toEqual({ ok: true, stockQuantity: 8 });
  });

  it('keeps a sale made after the form loaded the product: the typed stock is a change from the loaded one', () => {
    expect(decideProductEdit(product(2, 1), { version: 1, loadedStockQuantity: 3, stockQuantity: 3 })).toEqual({ ok: true, stockQuantity: 2 });
    expect(decideProductEdit(product(2, 1), { version: 1, loadedStockQuantity: 3, stockQuantity: 8 })).toEqual({ ok: true, stockQuantity: 7 });
    expect(decideProductEdit(product(2, 1), { version: 1, loadedStockQuantity: 3, stockQuantity: 1 })).toEqual({ ok: true, stockQuantity: 0 });
  });

  it('refuses a change that would leave less than 0, with the stock now and the change', () => {
    expect(decideProductEdit(product(1, 1), { version: 1, loadedStockQuantity: 3, stockQuantity: 1 })).toEqual({
      ok: false,
      error: { code: 'PRODUCT_STOCK_BELOW_ZERO', data: { productId: 'prd_1', stockQuantity: 1, change: -2 } },
    });
  });

  it('refuses a change that would leave more than the column holds', () => {
    expect(decideProductEdit(product(10, 1), { version: 1, loadedStockQuantity: 0, stockQuantity: 2_147_483_647 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'stockQuantity' }] } });
  });

  it('refuses a save over another version, with the product as it is', () => {
    const now = product(2, 2);
    expect(decideProductEdit(now, { version: 1, loadedStockQuantity: 3, stockQuantity: 3 })).toEqual({ ok: false, error: { code: 'PRODUCT_CHANGED', data: { product: now } } });
  });
});
