export * from './company-record';
export * from './field-selection';
export * from './flat-record';
export * from './insights';
export * from './provenance-method';
export * from './sources';
export * from './stored-record';
export * from './watched-fields';
