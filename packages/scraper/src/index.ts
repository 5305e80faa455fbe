export * from './fetch';
export * from './extract';
export * from './scrape-website';
export * from './scraper-env';
export * from './linkedin';
export * from './crawl';
