import { CloseOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { IMAGE_INPUT_ACCEPT, MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { Button, Progress, Tag, Typography, Upload } from 'antd';
import type { PendingUpload } from './use-product-images.js';
import { ProductImage } from './product-image.js';

interface ProductImagesFieldProps {
  readonly images: readonly string[];
  readonly uploads: readonly PendingUpload[];
  /** The 'n' of 'n/4': kept images plus uploads under way. */
  readonly total: number;
  readonly canAddMore: boolean;
  readonly disabled: boolean;
  readonly onFiles: (files: File[]) => void;
  readonly onRemove: (index: number) => void;
}

// antd would drop files of other types silently on drop; 'native' lets every
// file through so the shop's own check can say why one is refused.
const ACCEPT = { format: IMAGE_INPUT_ACCEPT, filter: 'native' as const };

/** Image upload and previews of the product dialog: drop zone, 'n/4', and a remove button per image. */
export function ProductImagesField({ images, uploads, total, canAddMore, disabled, onFiles, onRemove }: ProductImagesFieldProps) {
  const full = !canAddMore;
  return (
    <div className="product-images">
      <Upload.Dragger
        accept={ACCEPT}
        multiple
        showUploadList={false}
        disabled={full || disabled}
        // Called once per chosen file with the whole selection: the first call checks and uploads them all.
        beforeUpload={(file, selection) => {
          if (file === selection[0]) onFiles(selection);
          return Upload.LIST_IGNORE;
        }}
        className="product-images__drop"
      >
        <p className="product-images__drop-icon">
          <CloudUploadOutlined aria-hidden="true" />
        </p>
        <p className="product-images__drop-text">{full ? 'Maximum images reached' : 'Click or drop images here'}</p>
        <p className="product-images__drop-hint">JPG, PNG or WebP, up to 5 MB each</p>
      </Upload.Dragger>

      <div className="product-images__head">
        <Typography.Text type="secondary">Images</Typography.Text>
        <Tag className="product-images__count" color={full ? 'orange' : undefined} aria-label={`${total} of ${MAX_IMAGES_PER_PRODUCT} images`}>
          {total}/{MAX_IMAGES_PER_PRODUCT}
        </Tag>
      </div>

      {total > 0 && (
        <ul className="product-images__grid" aria-label="Product images">
          {images.map((url, index) => (
            <li key={`${url}-${index}`} className="product-images__tile">
              <ProductImage url={url} variant="thumb" alt={`Image ${index + 1}`} className="product-images__img" />
              {index === 0 && <span className="product-images__main">Main</span>}
              <Button
                size="small"
                shape="circle"
                danger
                icon={<CloseOutlined />}
                onClick={() => onRemove(index)}
                disabled={disabled}
                aria-label={`Remove image ${index + 1}`}
                className="product-images__remove"
              />
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={upload.uid} className="product-images__tile product-images__tile--uploading" aria-label={`Uploading ${upload.name}`}>
              {upload.previewUrl && <img src={upload.previewUrl} alt="" className="product-images__img" />}
              <div className="product-images__progress">
                <Progress type="circle" percent={upload.percent} size={52} strokeWidth={8} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
