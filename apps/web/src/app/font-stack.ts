/**
 * The app's fonts: each platform's own UI font first, then its Chinese font.
 * The theme (app/theme.ts) hands it to antd and to our CSS as --ll-font, and
 * the build writes it into index.html for the first paint (build/font-stack.ts).
 */
export const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'Noto Sans SC'",
  "'PingFang SC'",
  "'Microsoft YaHei'",
  'sans-serif',
].join(', ');
