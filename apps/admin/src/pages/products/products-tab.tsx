import { AppstoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Product } from '@jalaj/contracts';
import { Alert, App, Button, Card, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorMessage, LIST_PRODUCTS_FALLBACK, PRODUCT_CHANGE_TEXTS, productChangeFailure } from '../../api/error-messages.js';
import { useAdminProducts, useProductChanges } from '../../api/products.js';
import { ProductCard } from './product-card.js';
import { ProductDialog, type ProductDialogTarget } from './product-dialog.js';

const GRID = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** The Products tab of the dashboard: every product, newest first, with add, edit and delete. */
export function ProductsTab() {
  const { data, error, isLoading, isValidating, mutate } = useAdminProducts();
  const { deleteProduct } = useProductChanges();
  const { notification } = App.useApp();
  const [dialog, setDialog] = useState<ProductDialogTarget | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const products = data?.items ?? [];
  const reload = () => void mutate();
  const openCreate = () => setDialog({ mode: 'create' });

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
    <section aria-labelledby="products-heading" className="admin-section">
      <div className="admin-section__head">
        <Typography.Title level={2} id="products-heading" className="admin-section__title">
          <AppstoreOutlined aria-hidden="true" /> Products
          {data && (
            <Tag variant="outlined" className="admin-card-title__count" aria-label={`${products.length} products`}>
              {products.length}
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

      {error && !data ? (
        <Alert
          type="error"
          showIcon
          title={apiErrorMessage(error, LIST_PRODUCTS_FALLBACK)}
          action={
            <Button size="small" onClick={reload}>
              Retry
            </Button>
          }
        />
      ) : isLoading || !data ? (
        <div className="admin-loading" aria-busy="true">
          <Spin size="large" description="Loading products..." />
        </div>
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
        <Row gutter={[16, 16]} role="list" aria-label="Products">
          {products.map((product) => (
            <Col key={product.id} {...GRID} role="listitem" aria-label={product.name}>
              <ProductCard
                product={product}
                deleting={deletingId === product.id}
                busy={deletingId !== null && deletingId !== product.id}
                onEdit={(p) => setDialog({ mode: 'edit', product: p })}
                onDelete={handleDelete}
              />
            </Col>
          ))}
        </Row>
      )}

      <ProductDialog target={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
