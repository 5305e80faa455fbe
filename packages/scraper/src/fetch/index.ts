export {
  BlockedAddressError,
  createGuardedLookup,
  type HostMap,
  isPublicAddress,
  lookupHostMap,
  type MappedHost,
  parseHostMap,
  type Resolver,
} from '@enrich/net-guard';
export { decodeHtml, isHtmlContentType } from './decode-html';
export { FetchError, type FetchErrorDetails, type FetchErrorKind } from './fetch-error';
export { type FetchedPage, type FetchPageOptions, fetchPage } from './fetch-page';
export { type FetchedResource, type FetchResourceOptions, fetchResource } from './fetch-resource';
export { HostAgents } from './host-agents';
