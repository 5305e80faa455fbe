// The guarded HTTP client for URLs someone else gave us, shared by the scraper (company
// websites, LinkedIn pages, the browser's routed requests) and webhook deliveries: the address
// guard (@enrich/net-guard) on every hop, one deadline per fetch, bounded and decoded bodies,
// and keep-alive pools per host.
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
export { Deadline, type FetchedPage, type FetchPageOptions, fetchPage, parseTarget, toFetchError } from './fetch-page';
export { type FetchedResource, type FetchResourceOptions, fetchResource, type ResourceMethod } from './fetch-resource';
export { HostAgents } from './host-agents';
