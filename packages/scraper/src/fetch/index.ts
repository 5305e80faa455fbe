export { BlockedAddressError, createGuardedLookup, isPublicAddress, type Resolver } from './address-guard';
export { decodeHtml, isHtmlContentType } from './decode-html';
export { FetchError, type FetchErrorDetails, type FetchErrorKind } from './fetch-error';
export { fetchPage, type FetchedPage, type FetchPageOptions } from './fetch-page';
export { lookupHostMap, parseHostMap, type HostMap, type MappedHost } from './host-map';
export { HostAgents } from './host-agents';
