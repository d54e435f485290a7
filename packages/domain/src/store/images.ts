// Product image URLs and the sizing rule of platform.md 5.8: width and height are only asked for when both are
// under 4000 px; a 2x variant (and optionally 3x) is requested beside the 1x.

export const IMAGE_MAX_SIZED_PX = 4000;

export type ImageSize = { width: number; height: number };

function sized(width: number, height: number): boolean {
  return width > 0 && height > 0 && width < IMAGE_MAX_SIZED_PX && height < IMAGE_MAX_SIZED_PX;
}

/** The URL of an image at a size: '?w=&h=' only when both are under 4000 px; otherwise the original. */
export function sizedImageUrl(base: string, size: ImageSize | null, scale = 1): string {
  if (!size) return base;
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  if (!sized(width, height)) return base;
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}w=${width}&h=${height}`;
}

/** src and srcSet of an <img>: 1x, 2x and (optionally) 3x; a scale past the limit falls back to the original. */
export function imageSources(
  base: string,
  size: ImageSize | null,
  options: { with3x?: boolean } = {},
): { src: string; srcSet: string } {
  const scales = options.with3x ? [1, 2, 3] : [1, 2];
  const src = sizedImageUrl(base, size, 1);
  const srcSet = scales.map((scale) => `${sizedImageUrl(base, size, scale)} ${scale}x`).join(', ');
  return { src, srcSet };
}

/** Parses the w/h query of an image request: both sized and under the limit, else null (serve the original). */
export function requestedImageSize(w: unknown, h: unknown): ImageSize | null {
  const width = Number(w);
  const height = Number(h);
  if (!Number.isInteger(width) || !Number.isInteger(height)) return null;
  return sized(width, height) ? { width, height } : null;
}
