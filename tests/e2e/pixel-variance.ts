import { PNG } from 'pngjs';

/**
 * The variance of a screenshot's luminance (0 for a single flat colour): a page that failed to
 * draw is one background colour, a drawn chart or editor is far from it.
 */
export function pixelVariance(screenshot: Buffer): number {
  const { data, width, height } = PNG.sync.read(screenshot);
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < data.length; i += 4) {
    const luminance = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    sum += luminance;
    sumOfSquares += luminance * luminance;
  }
  const pixels = width * height;
  const mean = sum / pixels;
  return sumOfSquares / pixels - mean * mean;
}
