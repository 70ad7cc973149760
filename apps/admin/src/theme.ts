import type { ThemeConfig } from 'antd';

/** The storefront's water-and-leaf palette, carried into Ant Design. */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: '#13756d',
    colorLink: '#0f5e58',
    colorSuccess: '#1f6b3f',
    // antd's default red is 3.9:1 on white; this one passes AA for text such as Delete.
    colorError: '#c62828',
    colorBgLayout: '#f2f6f5',
    // Darker than antd's defaults so secondary and hint text keep a 4.5:1 contrast (WCAG AA).
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0a3d3a', headerPadding: '0 16px', headerHeight: 64 },
  },
};
