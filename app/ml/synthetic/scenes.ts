/**
 * Synthetic "in-ear-like" and "not-in-ear-like" scenes. They only have to be plausible enough to exercise the
 * whole pipeline (training, evaluation, save/load, video) without patient data; a model trained on them is
 * synthetic and not clinically validated.
 *
 * In-ear-like: what a smartphone otoscope shows: a black ring (the speculum's edge), pink-red canal skin, a dark
 * canal opening, a lighter greyish-pink tympanic membrane inside it, the cone of light (a specular highlight) and
 * sensor noise. Not-in-ear-like: what the camera sees before or after the ear: skin close-ups (some even with
 * the speculum's vignette, so the model has to find the canal, not the ring), rooms, text, hands, dark frames.
 *
 * Every scene is drawn in a 64-unit coordinate system scaled to `size`, so clips can be made at other sizes.
 */
import { Canvas, type Rgb } from "./canvas";
import { integer, pick, uniform, type Random } from "./prng";

export const NOT_IN_EAR_KINDS = ["skin", "skin-vignette", "room", "text", "hand", "dark-object", "dark-frame"] as const;
export type NotInEarKind = (typeof NOT_IN_EAR_KINDS)[number];

function skinTone(random: Random): Rgb {
  // Reddish/pink canal-skin tones, from pale to deeply pigmented, always red-dominant.
  const light = uniform(random, 0.45, 1);
  return [uniform(random, 170, 235) * light, uniform(random, 90, 150) * light, uniform(random, 80, 135) * light];
}

function scale(rgb: Rgb, k: number): Rgb {
  return [rgb[0] * k, rgb[1] * k, rgb[2] * k];
}

function exposure(random: Random): Rgb {
  const e = uniform(random, 0.75, 1.2);
  return [e * uniform(random, 0.92, 1.08), e * uniform(random, 0.92, 1.08), e * uniform(random, 0.92, 1.08)];
}

export function drawInEar(random: Random, size = 64): Canvas {
  const s = size / 64;
  const c = new Canvas(size, size);
  const skin = skinTone(random);
  c.fill(skin);
  // Uneven lighting of the canal wall.
  c.glow(uniform(random, 10, 54) * s, uniform(random, 10, 54) * s, uniform(random, 15, 30) * s, scale(skin, 1.25), 0.5);

  // The canal opening: dark red-brown, roughly round, not always centred.
  const cx = uniform(random, 24, 40) * s;
  const cy = uniform(random, 24, 40) * s;
  const r = uniform(random, 11, 20) * s;
  const rOther = r * uniform(random, 0.8, 1.15);
  const tilt = uniform(random, 0, Math.PI);
  const canal: Rgb = [uniform(random, 35, 80), uniform(random, 10, 35), uniform(random, 10, 30)];
  c.ellipse(cx, cy, r * 1.25, rOther * 1.25, tilt, scale(skin, 0.6), 4 * s, 0.7); // shading into the canal
  c.ellipse(cx, cy, r, rOther, tilt, canal, 2.5 * s);

  // The tympanic membrane: a lighter, pearly grey-pink disc inside the canal, often off-centre.
  const mr = r * uniform(random, 0.45, 0.8);
  const mx = cx + uniform(random, -0.25, 0.25) * r;
  const my = cy + uniform(random, -0.25, 0.25) * r;
  const membrane: Rgb = [uniform(random, 160, 225), uniform(random, 135, 190), uniform(random, 130, 185)];
  c.ellipse(mx, my, mr, mr * uniform(random, 0.75, 1), uniform(random, 0, Math.PI), membrane, 1.5 * s, uniform(random, 0.75, 1));
  // The cone of light: a small bright highlight on the membrane.
  c.glow(mx + uniform(random, -0.4, 0.4) * mr, my + uniform(random, 0, 0.5) * mr, uniform(random, 1.5, 3.5) * s, [255, 250, 240], uniform(random, 0.6, 1));
  // Sometimes a second specular spot on the wet canal wall.
  if (random() < 0.5) c.glow(uniform(random, 8, 56) * s, uniform(random, 8, 56) * s, uniform(random, 1, 2.5) * s, [255, 255, 255], 0.7);

  c.vignette(32 * s + uniform(random, -3, 3) * s, 32 * s + uniform(random, -3, 3) * s, uniform(random, 24, 34) * s, uniform(random, 3, 8) * s, uniform(random, 0.8, 1));
  c.tint(exposure(random));
  c.noise(random, uniform(random, 2, 9));
  return c;
}

export function drawNotInEar(random: Random, size = 64, kind: NotInEarKind = pick(random, NOT_IN_EAR_KINDS)): Canvas {
  const s = size / 64;
  const c = new Canvas(size, size);
  switch (kind) {
    case "skin":
    case "skin-vignette": {
      // Skin close-up: the same tones as the ear, with pores and folds, but no canal with a membrane in it.
      const skin = skinTone(random);
      c.linearGradient(skin, scale(skin, uniform(random, 0.6, 1.2)), uniform(random, 0, 2 * Math.PI));
      for (let i = integer(random, 3, 12); i > 0; i--) {
        c.ellipse(uniform(random, 0, 64) * s, uniform(random, 0, 64) * s, uniform(random, 2, 14) * s, uniform(random, 0.5, 3) * s, uniform(random, 0, Math.PI), scale(skin, uniform(random, 0.7, 1.15)), 2 * s, 0.6);
      }
      if (random() < 0.5) c.glow(uniform(random, 8, 56) * s, uniform(random, 8, 56) * s, uniform(random, 1, 3) * s, [255, 250, 245], 0.7);
      if (kind === "skin-vignette") c.vignette(32 * s, 32 * s, uniform(random, 24, 34) * s, uniform(random, 3, 8) * s, uniform(random, 0.8, 1));
      break;
    }
    case "room": {
      // Walls, a floor, windows and furniture: neutral gradients with rectangles.
      const wall: Rgb = [uniform(random, 120, 235), uniform(random, 120, 230), uniform(random, 110, 225)];
      c.linearGradient(wall, scale(wall, uniform(random, 0.5, 0.9)), uniform(random, 0, 2 * Math.PI));
      const floor = uniform(random, 36, 56) * s;
      c.rect(0, floor, size, size, [uniform(random, 60, 160), uniform(random, 50, 130), uniform(random, 30, 110)]);
      for (let i = integer(random, 1, 4); i > 0; i--) {
        const x = uniform(random, 0, 56) * s;
        const y = uniform(random, 0, 50) * s;
        const bright = random() < 0.4;
        c.rect(x, y, x + uniform(random, 6, 24) * s, y + uniform(random, 6, 24) * s, bright ? [235, 240, 250] : [uniform(random, 20, 200), uniform(random, 20, 200), uniform(random, 20, 200)], 0.9);
      }
      break;
    }
    case "text": {
      // A page or screen: light background, lines of dark "words".
      const paper: Rgb = [uniform(random, 200, 250), uniform(random, 200, 250), uniform(random, 190, 245)];
      c.fill(paper);
      const ink: Rgb = random() < 0.8 ? [uniform(random, 10, 60), uniform(random, 10, 60), uniform(random, 10, 80)] : [uniform(random, 120, 200), 30, 30];
      const lineHeight = uniform(random, 4, 9) * s;
      for (let y = uniform(random, 2, 6) * s; y < size - 3 * s; y += lineHeight) {
        for (let x = uniform(random, 1, 6) * s; x < size - 4 * s; ) {
          const w = uniform(random, 3, 12) * s;
          c.rect(x, y, Math.min(x + w, size), y + lineHeight * 0.45, ink, 0.9);
          x += w + uniform(random, 1.5, 3) * s;
        }
      }
      break;
    }
    case "hand": {
      // Fingers in front of a background: skin-coloured rounded bars and a palm.
      const back: Rgb = [uniform(random, 30, 220), uniform(random, 30, 220), uniform(random, 30, 220)];
      c.linearGradient(back, scale(back, 0.7), uniform(random, 0, 2 * Math.PI));
      const skin = skinTone(random);
      const angle = uniform(random, -0.6, 0.6) + Math.PI / 2;
      const baseX = uniform(random, 16, 48) * s;
      c.ellipse(baseX, 58 * s, 20 * s, 14 * s, 0, skin, 2 * s);
      for (let f = 0; f < integer(random, 2, 5); f++) {
        const fx = baseX + (f - 2) * 8 * s;
        c.ellipse(fx, uniform(random, 22, 36) * s, uniform(random, 3, 4.5) * s, uniform(random, 13, 20) * s, angle - Math.PI / 2, scale(skin, uniform(random, 0.9, 1.1)), 1.5 * s);
      }
      break;
    }
    case "dark-object": {
      // A dark round thing (a cup, a lens, a hole) on a non-skin background: round and dark, but no membrane.
      const back: Rgb = [uniform(random, 60, 230), uniform(random, 60, 230), uniform(random, 60, 230)];
      c.linearGradient(back, scale(back, 0.8), uniform(random, 0, 2 * Math.PI));
      const r = uniform(random, 8, 20) * s;
      const v = uniform(random, 10, 50);
      c.ellipse(uniform(random, 20, 44) * s, uniform(random, 20, 44) * s, r, r * uniform(random, 0.7, 1), uniform(random, 0, Math.PI), [v, v * uniform(random, 0.8, 1.2), v * uniform(random, 0.8, 1.3)], 2 * s);
      if (random() < 0.5) c.vignette(32 * s, 32 * s, uniform(random, 24, 34) * s, uniform(random, 3, 8) * s, uniform(random, 0.6, 1));
      break;
    }
    case "dark-frame": {
      // The camera covered or pointed into the case: nearly black, a little colour.
      const v = uniform(random, 2, 30);
      c.fill([v * uniform(random, 0.8, 1.5), v, v * uniform(random, 0.8, 1.3)]);
      if (random() < 0.5) c.glow(uniform(random, 0, 64) * s, uniform(random, 0, 64) * s, uniform(random, 5, 20) * s, [uniform(random, 40, 120), 30, 25], 0.5);
      break;
    }
  }
  c.tint(exposure(random));
  c.noise(random, uniform(random, 2, 9));
  return c;
}
