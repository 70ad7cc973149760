import { BellOutlined, DeleteOutlined, EditOutlined, PictureOutlined } from '@ant-design/icons';
import { categoryLabel, formatRupees, shoppersWaitingText } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import { useConfirm } from '../../use-confirm.js';
import { ProductImage } from './product-image.js';
import { stockLevel } from './product-query.js';

interface ProductCardProps {
  readonly product: Product;
  /** Stock at or under this shows the low-stock badge. */
  readonly lowStockThreshold: number;
  /** Shoppers waiting for a back-in-stock mail (issue #41): what to restock first. */
  readonly waiting: number;
  readonly deleting: boolean;
  /** Another product is being deleted: this card's delete waits. */
  readonly busy: boolean;
  readonly onEdit: (product: Product) => void;
  readonly onDelete: (product: Product) => Promise<void>;
}

/**
 * One product in the Products tab: image, name, description, price, stock, category, edit
 * and delete; a "Low stock" badge at or under the threshold, "Out of stock" at 0; how many
 * shoppers wait for a back-in-stock mail, when any do.
 */
export function ProductCard({ product, lowStockThreshold, waiting, deleting, busy, onEdit, onDelete }: ProductCardProps) {
  const imageCount = product.imageUrls.length;
  const level = stockLevel(product.stockQuantity, lowStockThreshold);
  const confirm = useConfirm();
  return (
    <Card
      size="small"
      className="product-card"
      cover={
        <div className="product-card__media">
          <ProductImage url={product.imageUrls[0]} variant="card" alt={product.name} className="product-card__image" />
          <Tag color="#0f5e58" variant="solid" className="product-card__category">
            {categoryLabel(product.category)}
          </Tag>
          {imageCount > 1 && (
            <span role="img" className="product-card__image-count" aria-label={`${imageCount} images`}>
              <PictureOutlined aria-hidden="true" /> {imageCount}
            </span>
          )}
        </div>
      }
      actions={[
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={() => onEdit(product)} disabled={deleting}>
          Edit
        </Button>,
        <Button
          key="delete"
          type="text"
          danger
          icon={<DeleteOutlined />}
          loading={deleting}
          disabled={busy}
          onClick={() =>
            confirm({
              title: 'Delete Product',
              content: 'Are you sure you want to delete this product?',
              okText: 'Delete',
              onConfirm: () => onDelete(product),
            })
          }
        >
          Delete
        </Button>,
      ]}
    >
      <div className="product-card__body">
        <Typography.Title level={3} className="product-card__name" ellipsis={{ tooltip: product.name }}>
          {product.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="product-card__description" ellipsis={{ rows: 2, tooltip: product.description || undefined }}>
          {product.description || '\u00a0'}
        </Typography.Paragraph>
        <div className="product-card__facts">
          <Typography.Text strong className="product-card__price">
            {formatRupees(product.pricePaise)}
          </Typography.Text>
          <span className="product-card__stock-line">
            <Typography.Text type={level === 'out' ? 'danger' : 'secondary'} className="product-card__stock">
              Stock: {product.stockQuantity}
            </Typography.Text>
            {level !== 'ok' && (
              <Tag color={level === 'out' ? '#a8071a' : '#ad4e00'} variant="solid" className="product-card__stock-badge">
                {level === 'out' ? 'Out of stock' : 'Low stock'}
              </Tag>
            )}
          </span>
        </div>
        {waiting > 0 && (
          <Typography.Text className="product-card__waiting">
            <BellOutlined aria-hidden="true" /> {shoppersWaitingText(waiting)}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}
