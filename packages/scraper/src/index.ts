export * from '@enrich/guarded-fetch';
export * from './crawl';
export * from './extract';
export * from './linkedin';
export * from './render';
export * from './scraper-env';
export * from './website';
