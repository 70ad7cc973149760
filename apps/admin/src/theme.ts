import type { ThemeConfig } from 'antd';

/** The storefront's water-and-leaf palette, carried into Ant Design. */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: '#13756d',
    colorLink: '#0f5e58',
    colorSuccess: '#1f6b3f',
    colorBgLayout: '#f2f6f5',
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0a3d3a', headerPadding: '0 16px', headerHeight: 64 },
  },
};
