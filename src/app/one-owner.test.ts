import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetails, ProductPage, ProductStock } from '@/features/catalogue/catalogue.schema';
import { copyOfDemoData } from '../../tests/support/demo-data';
import { runScript, startShopProcess, type ShopProcess } from '../../tests/support/processes';
import { onPostgres } from '../../tests/support/database';

/*
 * One owner per embedded database, with real processes: `npm start` and `npm run shop` beside a
 * running shop on the same data folder (docs/decisions/023-one-owner-per-embedded-database.md).
 */

let dataDir: string;
let shop: ShopProcess;
const folders: string[] = [];
const lockFile = () => path.join(dataDir, 'db.lock');
const readLock = async () =>
  JSON.parse(await readFile(lockFile(), 'utf8')) as { pid: number; owner: { kind: string; url?: string } };

beforeAll(async () => {
  // What a first start leaves: the database migrated, the demo catalogue seeded.
  const demo = await copyOfDemoData();
  dataDir = demo.dataDir;
  shop = await startShopProcess({ DATA_DIR: dataDir });
}, 240_000);
afterAll(async () => {
  await shop?.stop();
  await Promise.all([dataDir, ...folders].map((folder) => rm(folder, { recursive: true, force: true })));
});

const api = async <T>(url: string, pathAndQuery: string) =>
  ((await (await fetch(`${url}/api/v1${pathAndQuery}`)).json()) as { data: T }).data;

/** Units in stock of the Pebble massager's Sage size, as the shop at `url` answers them. */
async function sageStock(url: string) {
  const page = await api<ProductPage>(url, '/goods/queryProductList?pageSize=48');
  const pebble = page.list.find((product) => product.goodsName === 'Pebble Personal Massager')!;
  const details = await api<ProductDetails>(url, `/goods/getProductDetails?goodsId=${pebble.goodsId}`);
  const sage = details.specifications.find((spec) => spec.specificationName === 'Sage')!;
  const [live] = await api<ProductStock[]>(url, `/goods/queryProductStock?goodsIds=${pebble.goodsId}`);
  return live!.specifications.find((spec) => spec.goodsSpecificationId === sage.goodsSpecificationId)!.stock;
}

describe.skipIf(onPostgres)('one shop per embedded database', () => {
  it('a second `npm start` on the same data folder refuses at once, naming the running shop, and changes nothing', async () => {
    const lockBefore = await readFile(lockFile(), 'utf8');
    const { pid } = await readLock();

    const second = await runScript('start', ['--no-build'], { DATA_DIR: dataDir });

    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain('running at');
    expect(second.stderr).toContain(`in use by the shop running at ${shop.url} (process ${pid})`);
    expect(second.stderr).toContain(`kill ${pid}`);
    expect(second.stderr).toContain('DATABASE_URL');
    expect(second.stderr).not.toMatch(/Unhandled|\n\s+at /);
    await expect(readFile(lockFile(), 'utf8')).resolves.toBe(lockBefore);
    expect(await sageStock(shop.url)).toBe(120);
  }, 60_000);

  it('an operator command beside the running shop refuses before it touches the data', async () => {
    const { pid } = await readLock();

    const command = await runScript('shop', ['set-stock', 'pebble-massager-sage', '0'], { DATA_DIR: dataDir });

    expect(command.code).toBe(1);
    expect(command.stderr).toContain(`in use by the shop running at ${shop.url} (process ${pid})`);
    expect(command.stderr).toContain('npm run shop -- set-stock did not run and changed nothing');
    expect(command.stdout).not.toContain('Stock of');
    expect(await sageStock(shop.url)).toBe(120);
  }, 60_000);

  it('a port in use is said plainly, with how to pick another, before the database is opened', async () => {
    const port = Number(new URL(shop.url).port);
    const otherData = await mkdtemp(path.join(os.tmpdir(), 'shop-owner-port-'));
    folders.push(otherData);

    const busy = await runScript('start', ['--no-build'], { DATA_DIR: otherData, PORT: String(port) });

    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(busy.stderr).toContain(`PORT=${port + 1} npm start`);
    expect(busy.stderr).not.toMatch(/Unhandled 'error' event|\n\s+at /);
    expect(existsSync(path.join(otherData, 'db'))).toBe(false);
    expect(existsSync(path.join(otherData, 'db.lock'))).toBe(false);
  }, 60_000);

  it('on a port in use by the shop of the same folder, says where that shop runs', async () => {
    const busy = await runScript('start', ['--no-build'], { DATA_DIR: dataDir, PORT: new URL(shop.url).port });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`The shop of this data folder already runs at ${shop.url}`);
  }, 60_000);

  it('a shop killed with kill -9 leaves no lock that blocks the next start', async () => {
    const { pid } = await readLock();
    process.kill(pid, 'SIGKILL');
    await shop.stop();
    // The lock is still there: only the check that its process is gone lets the next start through.
    expect((await readLock()).pid).toBe(pid);

    shop = await startShopProcess({ DATA_DIR: dataDir });

    expect(await readLock()).toMatchObject({ owner: { kind: 'shop', url: shop.url } });
    expect((await readLock()).pid).not.toBe(pid);
    expect(await sageStock(shop.url)).toBe(120);
    expect(await shop.stop()).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  }, 120_000);
});
