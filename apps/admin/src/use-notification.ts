import { boxesToKeepClear, type NoticePlace, placeNotice, watchControlsInUse } from '@jalaj/web-kit';
import { App, type NotificationArgsProps } from 'antd';
import { useEffect, useMemo } from 'react';

/** antd's notification stack: its margin and width (antd 6's own), and the height set aside for it. */
const MARGIN = 24;
const WIDTH = 384;
/** A notice with a title and two lines of text, with room for a second one piled behind it. */
const BAND_HEIGHT = 160;

type Placement = 'bottomRight' | 'bottomLeft' | 'top';

/**
 * Where the notices would stand in each place, in order of preference: at the bottom right;
 * at the bottom left, beside an order's drawer (at the right); at the top in the middle, where
 * the header has no buttons (on a phone, where the drawer fills the screen).
 */
function noticePlaces(): [NoticePlace<Placement>, ...NoticePlace<Placement>[]] {
  const { innerWidth, innerHeight } = window;
  const width = Math.min(WIDTH, innerWidth - 2 * MARGIN);
  const bottom = { top: innerHeight - MARGIN - BAND_HEIGHT, bottom: innerHeight - MARGIN };
  return [
    { placement: 'bottomRight', box: { ...bottom, left: innerWidth - MARGIN - width, right: innerWidth - MARGIN } },
    { placement: 'bottomLeft', box: { ...bottom, left: MARGIN, right: MARGIN + width } },
    { placement: 'top', box: { top: MARGIN, bottom: MARGIN + BAND_HEIGHT, left: (innerWidth - width) / 2, right: (innerWidth + width) / 2 } },
  ];
}

type Notify = (config: NotificationArgsProps) => void;

/** The admin's notices: antd's, as `App.useApp().notification` gives them. */
export interface Notification {
  readonly success: Notify;
  readonly error: Notify;
  readonly info: Notify;
  readonly warning: Notify;
  readonly destroy: (key?: string) => void;
}

/**
 * antd's notifications, each placed at the bottom right unless there it would cover the
 * control just used, the dialog's opener or a part marked to keep clear (the refund form),
 * then in the next place that covers none of them (web-kit's notice placement, issue #42).
 * Every notice of the console goes through it.
 */
export function useNotification(): Notification {
  const { notification } = App.useApp();
  useEffect(() => watchControlsInUse(), []);
  return useMemo(() => {
    const placed =
      (show: Notify): Notify =>
      (config) =>
        show({ placement: placeNotice(noticePlaces(), boxesToKeepClear()), ...config });
    return {
      success: placed(notification.success),
      error: placed(notification.error),
      info: placed(notification.info),
      warning: placed(notification.warning),
      destroy: notification.destroy,
    };
  }, [notification]);
}
