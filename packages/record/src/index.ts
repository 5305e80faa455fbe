export * from './sources';
export * from './provenance-method';
export * from './insights';
export * from './company-record';
export * from './stored-record';
