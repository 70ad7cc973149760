import { AppstoreOutlined, ClearOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Product } from '@jalaj/contracts';
import { Alert, Button, Card, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LIST_PRODUCTS_FALLBACK, PRODUCT_CHANGE_TEXTS, productChangeFailure } from '../../api/error-messages.js';
import { useAdminProducts, useProductChanges } from '../../api/products.js';
import { ListPagination } from '../list-controls.js';
import { ProductCard } from './product-card.js';
import { ProductDialog, type ProductDialogTarget } from './product-dialog.js';
import { changeProductsQuery, isProductsFiltered, PRODUCTS_PAGE_SIZE, productsApiQuery, productsSearchParams, readProductsQuery, type ProductsQuery } from './product-query.js';
import { ProductsToolbar } from './products-toolbar.js';
import './products.css';
import { useNotification } from '../../use-notification.js';

const GRID = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/**
 * The Products tab of the dashboard: one page of products at a time, searched by name,
 * filtered to the low-stock ones and ordered by the server, with add, edit and delete. The
 * search, filter, order and page live in the URL (`?tab=products&lowStock=true`).
 */
export function ProductsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readProductsQuery(searchParams), [searchParams]);
  const { data, error, isLoading, isValidating, mutate } = useAdminProducts(productsApiQuery(query));
  const { deleteProduct } = useProductChanges();
  const notification = useNotification();
  const [dialog, setDialog] = useState<ProductDialogTarget | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const products = data?.items ?? [];
  const total = data?.total ?? 0;
  const reload = () => void mutate();
  const openCreate = () => setDialog({ mode: 'create' });
  const change = useCallback(
    (next: Partial<ProductsQuery>) =>
      // Typing in the search replaces the history entry; a chosen filter, order or page adds one, so Back undoes it.
      setSearchParams(productsSearchParams(changeProductsQuery(query, next)), { replace: Object.keys(next).length === 1 && 'q' in next }),
    [query, setSearchParams],
  );

  // A delete can leave a page past the end: go to the last page that has products.
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || query.page === 1) return;
    setSearchParams(productsSearchParams({ ...query, page: Math.max(1, Math.ceil(data.total / PRODUCTS_PAGE_SIZE)) }), { replace: true });
  }, [data, query, setSearchParams]);

  const handleDelete = async (product: Product) => {
    setDeletingId(product.id);
    try {
      await deleteProduct(product.id);
      notification.success({ title: PRODUCT_CHANGE_TEXTS.delete.success });
    } catch (caught) {
      notification.error(productChangeFailure('delete', caught));
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <section aria-labelledby="products-heading" className="admin-section products-tab">
      <div className="admin-section__head">
        <Typography.Title level={2} id="products-heading" className="admin-section__title">
          <AppstoreOutlined aria-hidden="true" /> Products
          {data && (
            <Tag variant="outlined" className="admin-card-title__count" aria-label={`${total} products`}>
              {total}
            </Tag>
          )}
        </Typography.Title>
        <div className="admin-section__actions">
          <Button icon={<ReloadOutlined />} onClick={reload} loading={isValidating && !isLoading} aria-label="Reload products" />
          <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
            Add Product
          </Button>
        </div>
      </div>

      <ProductsToolbar query={query} lowStockThreshold={data?.lowStockThreshold} onChange={change} />

      {error && (
        <Alert
          className="products-tab__error"
          type="error"
          showIcon
          title={apiErrorMessage(error, LIST_PRODUCTS_FALLBACK)}
          action={
            <Button size="small" onClick={reload}>
              Retry
            </Button>
          }
        />
      )}

      {!data ? (
        !error && (
          <div className="admin-loading" aria-busy="true">
            <Spin size="large" description="Loading products..." />
          </div>
        )
      ) : products.length === 0 && isProductsFiltered(query) ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>No products match</Typography.Text>
                <br />
                <Typography.Text type="secondary">Try another name, or show all products.</Typography.Text>
              </>
            }
          >
            <Button icon={<ClearOutlined />} onClick={() => change({ q: '', lowStock: false })}>
              Clear filters
            </Button>
          </Empty>
        </Card>
      ) : products.length === 0 ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>No Products Yet</Typography.Text>
                <br />
                <Typography.Text type="secondary">Add the first plant to the shop.</Typography.Text>
              </>
            }
          >
            <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
              Add Product
            </Button>
          </Empty>
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]} role="list" aria-label="Products" aria-busy={isValidating}>
            {products.map((product) => (
              <Col key={product.id} {...GRID} role="listitem" aria-label={product.name}>
                <ProductCard
                  product={product}
                  lowStockThreshold={data.lowStockThreshold}
                  waiting={data.alertsWaiting[product.id] ?? 0}
                  deleting={deletingId === product.id}
                  busy={deletingId !== null && deletingId !== product.id}
                  onEdit={() => setDialog({ mode: 'edit', product })}
                  onDelete={handleDelete}
                />
              </Col>
            ))}
          </Row>
          <ListPagination className="products-pagination" page={query.page} pageSize={PRODUCTS_PAGE_SIZE} total={total} onChange={(page) => change({ page })} />
        </>
      )}

      <ProductDialog target={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
