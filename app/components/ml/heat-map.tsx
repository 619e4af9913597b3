/** The picked image with its occlusion-sensitivity map over it: red where hiding a region lowered P(in ear). */
import { useEffect, useRef } from "react";
import { heatAt, type OcclusionMap } from "~/ml/occlusion-heat";

export function HeatMap({ imageUrl, map, alt }: { imageUrl: string; map: OcclusionMap; alt: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const heat = heatAt(map);
    const scale = Math.max(1e-3, ...Array.from(heat, Math.abs));
    const ctx = c.getContext("2d")!;
    const image = ctx.createImageData(64, 64);
    heat.forEach((v, i) => {
      const a = Math.min(1, Math.abs(v) / scale);
      // Red: the region supported "in ear"; blue: hiding it made "in ear" more likely.
      image.data.set(v >= 0 ? [220, 38, 38, Math.round(a * 170)] : [37, 99, 235, Math.round(a * 170)], i * 4);
    });
    ctx.putImageData(image, 0, 0);
  }, [map]);
  return (
    <div className="relative h-64 w-64" data-testid="heat-map">
      <img src={imageUrl} alt={alt} className="absolute inset-0 h-full w-full rounded object-cover [image-rendering:pixelated]" />
      <canvas ref={canvas} width={64} height={64} className="absolute inset-0 h-full w-full rounded" />
    </div>
  );
}
