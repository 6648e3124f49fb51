import { createFolderStorage, type Storage, type StorageSettings } from './storage';

/**
 * Opens the store the configuration names. An S3 bucket is checked first (StorageError when it
 * cannot be reached); the S3 client is loaded only then, so a shop on a folder does not carry it.
 */
export async function openStorage(settings: StorageSettings): Promise<Storage> {
  if (settings.kind === 'folder') return createFolderStorage(settings.dir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(settings);
}
