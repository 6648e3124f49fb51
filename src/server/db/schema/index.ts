/**
 * The database schema, PostgreSQL dialect (PGlite embeds the same engine). Each file of this folder
 * holds one shop domain's tables; a later domain adds its file here and a migration with `npm run db:generate`.
 */
export * from './catalogue';
export * from './reviews';
export * from './adverts';
export * from './newsletter';
export * from './captcha';
export * from './accounts';
export * from './cart';
export * from './addresses';
export * from './verification';
export * from './orders';
export * from './payments';
export * from './energy';
export * from './backoffice';
export * from './shipping';
export * from './mail';
export * from './sales-rules';
export * from './age-checks';
export * from './releases';
