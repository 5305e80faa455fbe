export {
  CHROMIUM_ARGS,
  createBrowserPool,
  renderSettingsFrom,
  type BrowserPool,
  type BrowserPoolSettings,
  type BrowserPoolStats,
} from './browser-pool';
export { looksLikeJsShell } from './js-shell';
export { renderEnv, type RenderEnv } from './render-env';
export { type RenderedPage, type RenderOptions } from './render-page';
