import type { Config } from './config';
import type { CatalogueCache } from './db/catalogue-cache';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/**
 * What the platform hands every feature: the database, the parsed configuration, the logger, file
 * storage and mail. Features import this type from here, never from the assembly (`src/app/`).
 */
export type ShopDeps = { db: Database; config: Config; logger: Logger; storage: Storage; mailer: Mailer };

/** What the HTTP app adds: the answers kept until the catalogue changes, for the public reads and carts. */
export type AppDeps = ShopDeps & { catalogueCache: CatalogueCache };
