import { BRAND_COLORS, BRAND_FONT_FAMILY, BRAND_RADIUS } from '@jalaj/web-kit';
import type { ThemeConfig } from 'antd';

/** The storefront's identity (`@jalaj/web-kit`'s brand) carried into Ant Design: one product, two apps. */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLORS.teal600,
    colorLink: BRAND_COLORS.teal700,
    colorSuccess: BRAND_COLORS.leaf700,
    colorError: BRAND_COLORS.error,
    colorText: BRAND_COLORS.text,
    colorTextHeading: BRAND_COLORS.teal900,
    colorBgLayout: BRAND_COLORS.aqua50,
    colorBorderSecondary: BRAND_COLORS.border,
    // The storefront's muted text keeps a 4.5:1 contrast on white and on the page (WCAG AA).
    colorTextSecondary: BRAND_COLORS.muted,
    colorTextDescription: BRAND_COLORS.muted,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    borderRadius: BRAND_RADIUS.control,
    borderRadiusLG: BRAND_RADIUS.card,
    fontFamily: BRAND_FONT_FAMILY,
  },
  components: {
    // The storefront's header: white over the page, a hairline beneath.
    Layout: { headerBg: BRAND_COLORS.surface, headerColor: BRAND_COLORS.text, headerPadding: '0 16px', headerHeight: 64, bodyBg: BRAND_COLORS.aqua50 },
  },
};
