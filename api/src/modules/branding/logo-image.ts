import sharp, { type Metadata } from 'sharp';
import { LOGO_LIMITS, LOGO_TYPES } from '@showback/contract';
import { AppError, validationFailed } from '../../errors.ts';

// Logos are small and rare: libvips' operation cache would only hold memory in a long-running server.
sharp.cache(false);

const FORMATS: Record<string, (typeof LOGO_TYPES)[number]> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const notAccepted = (message: string): AppError => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/** An SVG is XML text: it may carry script, so it is refused by its content whatever type it claims. */
const looksLikeSvg = (bytes: Buffer): boolean => /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('latin1'));

export interface ReencodedLogo {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an uploaded logo and writes a fresh PNG of it: nothing of the upload but its pixels is kept (no metadata,
 * no trailing bytes, no second image). The header's dimensions are checked before any pixel is decoded, and libvips
 * refuses to decode more pixels than that anyway, so a small file that claims a huge image (a decompression bomb)
 * costs nothing.
 */
export async function reencodeLogo(bytes: Buffer): Promise<ReencodedLogo> {
  if (looksLikeSvg(bytes)) throw notAccepted('SVG logos are not accepted: upload a PNG, JPEG or WebP image.');
  const limitInputPixels = LOGO_LIMITS.maxWidth * LOGO_LIMITS.maxHeight;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAccepted('This file is not an image: upload a PNG, JPEG or WebP image.');
  }
  if (!FORMATS[metadata.format ?? '']) throw notAccepted('Only PNG, JPEG and WebP logos are accepted.');
  if ((metadata.width ?? 0) > LOGO_LIMITS.maxWidth || (metadata.height ?? 0) > LOGO_LIMITS.maxHeight) {
    throw validationFailed(
      { logo: [`must be at most ${LOGO_LIMITS.maxWidth} × ${LOGO_LIMITS.maxHeight} pixels`] },
      `The image is ${metadata.width} × ${metadata.height} pixels; logos may be at most ${LOGO_LIMITS.maxWidth} × ${LOGO_LIMITS.maxHeight}.`,
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: LOGO_LIMITS.storedMaxWidth, height: LOGO_LIMITS.storedMaxHeight, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw notAccepted('This image could not be read: it may be damaged. Upload a PNG, JPEG or WebP image.');
  }
}
