import type { ThemeConfig } from 'antd/es/config-provider';
import type { CSSProperties } from 'react';
import { FONT_STACK } from './font-stack';

/**
 * The one place colours, radii and shadows are decided (the fonts in
 * font-stack.ts). Ant Design gets
 * them as tokens; our own CSS gets the same values as custom properties set on
 * the app root (antd scopes its CSS variables to its components).
 */
const palette = {
  accent: '#00ae42',
  accentHover: '#12c257',
  accentStrong: '#008f36',
  accentSoft: '#e6f7ec',
  page: '#f4f6f5',
  card: '#ffffff',
  border: '#e7ebe9',
  text: '#1f2421',
  textMuted: '#6b746f',
};

const shadow = '0 1px 2px rgba(16, 24, 20, 0.06), 0 6px 20px rgba(16, 24, 20, 0.06)';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.accent,
    colorInfo: palette.accent,
    colorLink: palette.accentStrong,
    colorBgLayout: palette.page,
    colorBorderSecondary: palette.border,
    colorText: palette.text,
    colorTextSecondary: palette.textMuted,
    borderRadius: 10,
    borderRadiusLG: 14,
    fontFamily: FONT_STACK,
    boxShadowTertiary: shadow,
  },
  components: {
    Modal: { titleFontSize: 18 },
  },
};

export const cssVariables = {
  '--ll-accent': palette.accent,
  '--ll-accent-hover': palette.accentHover,
  '--ll-accent-strong': palette.accentStrong,
  '--ll-accent-soft': palette.accentSoft,
  '--ll-page': palette.page,
  '--ll-card': palette.card,
  '--ll-border': palette.border,
  '--ll-text': palette.text,
  '--ll-text-muted': palette.textMuted,
  '--ll-shadow': shadow,
  '--ll-radius': '14px',
  '--ll-font': FONT_STACK,
} as CSSProperties;
