export * from './codes';
export * from './constants';
export * from './envelope';
export * from './messages';
export * from './schemas/banners';
export * from './schemas/catalog';
export * from './schemas/collections';
export * from './schemas/common';
