import { Box, chakra } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * A product's picture in a fixed box (so rows keep their height while it loads), fetched only when it scrolls near
 * the view, with the product's name as its text. Without a picture, or when it fails to load, a neutral tile of
 * the same size stands in, hidden from screen readers (the row already names the product).
 */
export function ProductThumbnail({
  url,
  name,
  size = 40,
  phoneSize,
}: {
  url: string | null;
  name: string;
  size?: number;
  /** A smaller box below the `sm` breakpoint, where the page's room is short. */
  phoneSize?: number;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = phoneSize ? { base: `${phoneSize}px`, sm: `${size}px` } : `${size}px`;
  if (!url || failedUrl === url) {
    return (
      <Box
        data-testid="thumbnail-placeholder"
        aria-hidden="true"
        w={box}
        h={box}
        flexShrink={0}
        rounded="l1"
        bg="bg.muted"
        borderWidth="1px"
        borderColor="border"
      />
    );
  }
  return (
    <chakra.img
      src={url}
      alt={name}
      // The attributes reserve the box before any style or byte arrives (no layout shift).
      htmlWidth={size}
      htmlHeight={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
      w={box}
      h={box}
      maxW="none"
      flexShrink={0}
      objectFit="cover"
      rounded="l1"
      bg="bg.muted"
    />
  );
}
