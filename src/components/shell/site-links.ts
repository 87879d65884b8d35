import { SITE } from '../../lib/config.ts';

/**
 * The portal's own contact addresses and social profiles, shown in the footer and the Contacto page.
 * Addresses live on the site's domain so they change with it.
 */
export const CONTACT = {
  general: `contacto@${SITE.domain}`,
  newsroom: `redaccion@${SITE.domain}`,
  advertising: `publicidad@${SITE.domain}`,
  privacy: `privacidad@${SITE.domain}`,
  location: 'Ecuador',
} as const;

export interface SocialLink {
  network: 'Facebook' | 'Instagram' | 'Twitter' | 'YouTube';
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'Facebook', href: 'https://www.facebook.com/marcadorec' },
  { network: 'Instagram', href: 'https://www.instagram.com/marcadorec' },
  { network: 'Twitter', href: 'https://twitter.com/marcadorec' },
  { network: 'YouTube', href: 'https://www.youtube.com/@marcadorec' },
];
