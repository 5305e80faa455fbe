// The address guard shared by everything that calls a URL someone else gave us: the scraper
// (company websites) and webhook deliveries. No private, loopback, link-local or metadata
// address, on literals and on every resolved address; a host map for tests and staging.
export { BlockedAddressError, createGuardedLookup, isPublicAddress, type Resolver, resolveAll } from './address-guard';
export { type HostMap, lookupHostMap, type MappedHost, parseHostMap } from './host-map';
export { hostMapSetting } from './host-map-env';
export { checkPublicUrl, type PublicUrlCheck, type PublicUrlOptions, type UrlRefusal } from './public-url';
