export { BlockedAddressError, createGuardedLookup, isPublicAddress, type Resolver } from './address-guard';
export { decodeHtml, isHtmlContentType } from './decode-html';
export { FetchError, type FetchErrorDetails, type FetchErrorKind } from './fetch-error';
export { type FetchedPage, type FetchPageOptions, fetchPage } from './fetch-page';
export { HostAgents } from './host-agents';
export { type HostMap, lookupHostMap, type MappedHost, parseHostMap } from './host-map';
