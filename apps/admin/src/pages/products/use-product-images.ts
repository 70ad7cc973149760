import { canAddMoreImages, checkImageSelection, type ImageIssue } from '@jalaj/commerce';
import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_TEXTS, uploadFailure } from '../../api/error-messages.js';
import { type ImageUpload, isAbortedUpload, uploadProductImage } from '../../api/products.js';
import { useNotification } from '../../use-notification.js';

/** A chosen file on its way to the server. */
export interface PendingUpload {
  readonly uid: string;
  readonly name: string;
  /** The file as a `data:` address, for its preview (the shop's CSP allows no `blob:` images); empty until read. */
  readonly previewUrl: string;
  /** 0–100. */
  readonly percent: number;
}

let nextUid = 0;

// A preview is a nicety: an unreadable file simply shows none.
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });

// One toast per distinct refusal: three oversized files need not say so three times.
function distinct<T extends { title: string; description?: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.title}\n${item.description ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The image list of the product dialog: the product's images (main first),
 * the uploads under way, and the rules between them: at most four in total,
 * uploads and kept images together (spec §5).
 *
 * Each file goes up in its own request so each has its own progress; a batch
 * is announced once all its files are settled. Closing the dialog (unmounting)
 * cancels whatever is still uploading.
 *
 * @param initial - The product's images when the dialog opens.
 */
export function useProductImages(initial: readonly string[]) {
  const notification = useNotification();
  const [images, setImages] = useState<readonly string[]>(initial);
  const [uploads, setUploads] = useState<readonly PendingUpload[]>([]);
  // The counts of the latest render, so that two selections in a row both see the first one.
  const counts = useRef({ images: initial.length, uploads: 0 });
  counts.current = { images: images.length, uploads: uploads.length };
  const inFlight = useRef(new Set<ImageUpload>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const running = inFlight.current;
    return () => {
      mounted.current = false;
      for (const upload of running) upload.abort();
      running.clear();
    };
  }, []);

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const existingCount = counts.current.images + counts.current.uploads;
      const issues: ImageIssue[] = checkImageSelection({ existingCount, files });
      if (issues.length > 0) {
        for (const issue of distinct(issues.map((i) => ({ title: i.title, description: i.message })))) notification.error(issue);
        return;
      }

      const batch = files.map((file, index) => ({ file, uid: `upload-${(nextUid += 1)}`, existing: existingCount + index }));
      counts.current = { ...counts.current, uploads: counts.current.uploads + batch.length };
      setUploads((current) => [...current, ...batch.map(({ file, uid }) => ({ uid, name: file.name, previewUrl: '', percent: 0 }))]);
      for (const { file, uid } of batch) {
        void readAsDataUrl(file).then((previewUrl) => setUploads((current) => current.map((u) => (u.uid === uid ? { ...u, previewUrl } : u))));
      }

      const results = await Promise.allSettled(
        batch.map(({ file, uid, existing }) => {
          const upload = uploadProductImage(file, existing, (percent) =>
            setUploads((current) => current.map((u) => (u.uid === uid ? { ...u, percent } : u))),
          );
          inFlight.current.add(upload);
          return upload.done.finally(() => inFlight.current.delete(upload));
        }),
      );
      if (!mounted.current || results.some((r) => r.status === 'rejected' && isAbortedUpload(r.reason))) return;

      const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const uids = new Set(batch.map((b) => b.uid));
      setUploads((current) => current.filter((u) => !uids.has(u.uid)));
      setImages((current) => [...current, ...stored]);

      const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      if (failures.length === 0) {
        notification.success({ title: UPLOAD_TEXTS.success });
        return;
      }
      // The server's own refusals first ('Invalid file type', …), then the spec's summary.
      for (const failure of distinct(failures.map(uploadFailure))) {
        if (failure.title !== UPLOAD_TEXTS.failureTitle) notification.error(failure);
      }
      notification.error({ title: UPLOAD_TEXTS.failureTitle, description: UPLOAD_TEXTS.failureText });
    },
    [notification],
  );

  const removeImage = useCallback((index: number) => setImages((current) => current.filter((_, i) => i !== index)), []);

  const replaceImages = useCallback((urls: readonly string[]) => setImages(urls), []);

  const total = images.length + uploads.length;
  return {
    images,
    uploads,
    /** Kept images plus uploads under way: the 'n' of 'n/4'. */
    total,
    uploading: uploads.length > 0,
    canAddMore: canAddMoreImages(total),
    addFiles,
    removeImage,
    replaceImages,
  };
}
