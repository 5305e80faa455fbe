export * from './fetch';
export * from './extract';
export * from './website';
export * from './scraper-env';
export * from './linkedin';
export * from './crawl';
export * from './render';
