import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** The information pages (nosotros, contacto, privacidad, terminos, publicidad) as Markdown. */
const informacion = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/informacion' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    /** Position in the /informacion index. */
    order: z.number().int(),
    /** Last time the text changed, shown to readers. */
    updated: z.coerce.date(),
  }),
});

export const collections = { informacion };
