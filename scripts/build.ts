import { loadConfig } from '@/server/config';
import { startShop } from '@/server/main';

/** `npm run build`: rebuilds the pages from the shop's database, through a short-lived local API. */
const shop = await startShop(loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }), { build: 'always' });
await shop.close();
console.log('Pages built into dist/');
