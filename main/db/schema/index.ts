export * from './company';
export * from './users';
export * from './assets';
export * from './banking';
export * from './ledger';
export * from './changes';
export * from './settings';
