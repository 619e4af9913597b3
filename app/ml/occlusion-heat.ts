/** Drawing an occlusion map (occlusion.ts) without TensorFlow.js, for the heat map component. */
export type OcclusionMap = { base: number; cols: number; rows: number; patch: number; stride: number; drops: Float32Array };

/** Per pixel: the mean drop of the patches covering it, for drawing the heat map at the image's size. */
export function heatAt(map: OcclusionMap, size = 64): Float32Array {
  const sum = new Float32Array(size * size);
  const n = new Float32Array(size * size);
  for (let r = 0; r < map.rows; r++) {
    for (let c = 0; c < map.cols; c++) {
      const d = map.drops[r * map.cols + c];
      for (let y = r * map.stride; y < r * map.stride + map.patch; y++) {
        for (let x = c * map.stride; x < c * map.stride + map.patch; x++) {
          sum[y * size + x] += d;
          n[y * size + x]++;
        }
      }
    }
  }
  return sum.map((s, i) => (n[i] ? s / n[i] : 0));
}
