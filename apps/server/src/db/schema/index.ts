export * from './auth';
export * from './banners';
export * from './catalog';
export * from './collections';
export * from './users';
export * from './works';
