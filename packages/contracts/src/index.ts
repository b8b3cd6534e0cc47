export * from './common';
export * from './settings';
export * from './accounts';
export * from './catalog';
export * from './constants';
export * from './text';
export * from './sellers';
export * from './vitals';
