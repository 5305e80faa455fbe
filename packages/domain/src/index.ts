export * from './normalize-domain';
