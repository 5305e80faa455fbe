export * from './crawl';
export * from './extract';
export * from './fetch';
export * from './linkedin';
export * from './render';
export * from './scraper-env';
export * from './website';
