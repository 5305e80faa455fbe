export {
  type BrowserPool,
  type BrowserPoolSettings,
  type BrowserPoolStats,
  CHROMIUM_ARGS,
  createBrowserPool,
  renderSettingsFrom,
} from './browser-pool';
export { looksLikeJsShell } from './js-shell';
export { CHROMIUM_CANDIDATES, defaultChromiumPath, type RenderEnv, renderEnv } from './render-env';
export type { RenderedPage, RenderOptions } from './render-page';
