import type { APIRoute, GetStaticPaths } from 'astro';
import { appManifest } from '@/features/site/app-manifest';
import { languages, type Language } from '@/lib/locale';

export const getStaticPaths = (() =>
  languages.map((language) => ({
    params: { language: language.toLowerCase() },
    props: { language },
  }))) satisfies GetStaticPaths;

/** `/manifest-{en|zh|ms}.webmanifest`: the installable app, named in that language. */
export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(appManifest((props as { language: Language }).language), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
