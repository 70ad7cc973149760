import { useEffect, useState } from 'react';
import { getAccessToken } from './access-token.js';
import { getUnauthorizedHandler } from './unauthorized-handler.js';

/** What {@link usePrivateImage} has of an image: loading, its object URL, or that it could not be had. */
export type PrivateImage = { readonly status: 'loading' } | { readonly status: 'ready'; readonly url: string } | { readonly status: 'failed' };

/**
 * An image only its owner and admins may see (a guarantee claim's photo, docs/adr/078): an
 * `<img src>` would carry no access token, so it is fetched with the session's token (renewed
 * once on a 401, as every call is) and shown from an object URL, revoked when the component
 * goes away or the path changes.
 *
 * @param path - The BFF route of the image; null fetches nothing.
 */
export function usePrivateImage(path: string | null): PrivateImage {
  const [image, setImage] = useState<PrivateImage>({ status: 'loading' });
  useEffect(() => {
    if (path === null) return;
    let url: string | null = null;
    let gone = false;
    const get = () => fetch(path, { headers: { authorization: `Bearer ${getAccessToken() ?? ''}` }, credentials: 'same-origin' });
    void (async () => {
      setImage({ status: 'loading' });
      try {
        let res = await get();
        if (res.status === 401 && (await getUnauthorizedHandler()?.())) res = await get();
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (gone) return;
        url = URL.createObjectURL(blob);
        setImage({ status: 'ready', url });
      } catch {
        if (!gone) setImage({ status: 'failed' });
      }
    })();
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return image;
}
