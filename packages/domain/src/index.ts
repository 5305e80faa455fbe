export * from './company-site';
export * from './linkedin-company-url';
export * from './normalize-domain';
export * from './safe-decode';
