/**
 * YUV4MPEG2 (.y4m) writer: the simplest video container there is, readable by ffmpeg and usable as Chromium's
 * fake camera (--use-file-for-fake-video-capture), so synthetic clips can stand in for an otoscope in browser
 * tests. 4:2:0 chroma (each chroma sample averages a 2×2 block), BT.601 limited range.
 */
export function encodeY4m(frames: readonly Uint8Array[], width: number, height: number, fps = 25): Uint8Array {
  if (width % 2 || height % 2) throw new Error("y4m 4:2:0 needs an even width and height");
  const header = new TextEncoder().encode(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = new TextEncoder().encode("FRAME\n");
  const lumaSize = width * height;
  const chromaSize = lumaSize / 4;
  const frameSize = frameHeader.length + lumaSize + 2 * chromaSize;
  const out = new Uint8Array(header.length + frames.length * frameSize);
  out.set(header, 0);
  frames.forEach((rgb, f) => {
    if (rgb.length !== lumaSize * 3) throw new Error(`frame ${f}: expected ${lumaSize * 3} RGB bytes`);
    let o = header.length + f * frameSize;
    out.set(frameHeader, o);
    o += frameHeader.length;
    const uOffset = o + lumaSize;
    const vOffset = uOffset + chromaSize;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        out[o + y * width + x] = clampByte(16 + 0.257 * rgb[i] + 0.504 * rgb[i + 1] + 0.098 * rgb[i + 2]);
      }
    }
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
          const i = ((y + dy) * width + x + dx) * 3;
          r += rgb[i] / 4;
          g += rgb[i + 1] / 4;
          b += rgb[i + 2] / 4;
        }
        const c = (y / 2) * (width / 2) + x / 2;
        out[uOffset + c] = clampByte(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        out[vOffset + c] = clampByte(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  });
  return out;
}

function clampByte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}
