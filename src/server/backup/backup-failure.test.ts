import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { aShop } from '../../../tests/support/fixtures';
import { writeBackup } from './backup';

/* A backup whose file cannot be written (a full disk, the command stopped) ends, and lets the shop's database go. */

const shop = await aShop({ catalogue: 'demo' });

describe('a backup that cannot be written', () => {
  it('fails, and the shop goes on answering from its database', async () => {
    let taken = 0;
    const fullDisk = new Writable({
      write(chunk: Buffer, _encoding, done) {
        taken += chunk.length;
        done(taken > 4096 ? Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) : null);
      },
    });

    await expect(
      writeBackup({ db: shop.db, kind: shop.databaseKind, storage: shop.config.storage }, fullDisk),
    ).rejects.toThrow('no space left on device');

    const list = await shop.get<ProductPage>('/goods/queryProductList?pageSize=48');
    expect(list.body.data.total).toBeGreaterThan(0);
    await shop.db.transaction(async (tx) => {
      await tx.execute('SELECT 1');
    });
  });
});
