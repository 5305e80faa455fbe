export * from './company-site';
export * from './normalize-domain';
