export * from './metrics-catalogue';
export * from './metrics-listener';
