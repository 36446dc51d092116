export * from './appeals';
export * from './auth';
export * from './banners';
export * from './catalog';
export * from './collections';
export * from './files';
export * from './users';
export * from './works';
