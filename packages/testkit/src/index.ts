export * from './corpora';
