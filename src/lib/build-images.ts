import { getImage } from 'astro:assets';
import type { CardPicture } from '@/features/catalog/ProductCard';
import { pictureSource } from './build-api';

/** Runs an API picture through Astro's image pipeline: WebP in the sizes the page shows it at. */
export async function optimizedPicture(url: string, width: number, height: number, widths: number[]): Promise<CardPicture> {
  const image = await getImage({ src: pictureSource(url), width, height, widths, format: 'webp' });
  return { src: image.src, srcSet: image.srcSet.attribute, width, height };
}

export const cardPicture = (picture: { url: string } | null) => (picture ? optimizedPicture(picture.url, 480, 480, [240, 480]) : Promise.resolve(null));
