export * from './invites';
export * from './password';
export * from './sessions';
export * from './tokens';
export * from './users';
