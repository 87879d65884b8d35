import { PLACEHOLDER_IMAGE } from '../../lib/config.ts';

interface CrestProps {
  src: string;
  /** Intrinsic size (width/height attributes); the displayed size comes from `className`. */
  size?: number;
  className?: string;
}

/**
 * A team crest or competition logo. Decorative (the name is always next to it), with its size
 * reserved so nothing moves while it loads, and the placeholder when there is no URL.
 */
export default function Crest({ src, size = 24, className = 'size-6' }: CrestProps) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={['shrink-0 object-contain', className].filter(Boolean).join(' ')}
    />
  );
}
