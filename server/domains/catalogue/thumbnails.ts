/**
 * Thumbnails drawn on request as SVG: a topic-coloured scene whose shapes move with the frame
 * number (so the 15-frame strip looks like stills from one clip) and a small frame badge. No
 * caption or timecode: the site draws its own title and duration over cards, and a still should
 * not carry text that disagrees with them. Output depends only on (video, frame, size).
 */
import { THUMB_SIZES, type ThumbSize } from './api-shape';
import { THUMB_FRAME_COUNT, type CatalogueVideo } from './dataset';
import { createRandom, type Random } from './random';
import { TOPICS, type SceneKind, type Topic } from './topics';

const topicsBySlug = new Map(TOPICS.map((topic) => [topic.slug, topic]));
const FALLBACK_PALETTE: Topic['palette'] = ['#667eea', '#764ba2', '#37474f', '#ffd54f'];
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** Coordinates with one decimal keep the markup short and byte-for-byte stable. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

interface SceneContext {
  width: number;
  height: number;
  /** 0 on the first frame, 1 on the last: drives all motion. */
  progress: number;
  frame: number;
  palette: Topic['palette'];
  /** Seeded by the video only: the layout every frame shares. */
  layout: Random;
  /** Seeded by video and frame: small per-frame details. */
  detail: Random;
}

type SceneDrawer = (scene: SceneContext) => string;

function wavePath(scene: SceneContext, baseY: number, amplitude: number, wavelength: number, phase: number): string {
  const { width, height } = scene;
  const steps = 16;
  let path = `M0 ${n(height)} L0 ${n(baseY)}`;
  for (let step = 0; step <= steps; step += 1) {
    const x = (width * step) / steps;
    const y = baseY - amplitude * Math.sin((x / wavelength) * 2 * Math.PI + phase);
    path += ` L${n(x)} ${n(y)}`;
  }
  return `${path} L${n(width)} ${n(height)} Z`;
}

function sun(scene: SceneContext, radiusShare = 0.08): string {
  const { width, height, progress, palette } = scene;
  const cx = width * (0.12 + 0.76 * progress);
  const cy = height * (0.42 - 0.24 * Math.sin(Math.PI * progress));
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(height * radiusShare)}" fill="${palette[3]}" opacity="0.9"/>`;
}

const drawHills: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  let svg = sun(scene);
  for (let layer = 0; layer < 3; layer += 1) {
    const baseY = height * (0.58 + 0.12 * layer);
    const phase = layout.next() * 6 + progress * (layer + 1) * 1.2;
    const amplitude = height * (0.05 + 0.04 * layout.next());
    svg += `<path d="${wavePath(scene, baseY, amplitude, width * (0.6 + 0.3 * layer), phase)}" fill="${palette[2]}" opacity="${n(0.45 + 0.25 * layer)}"/>`;
  }
  for (let tree = 0; tree < 5; tree += 1) {
    const x = (((layout.next() + progress * 0.35) % 1) * 1.1 - 0.05) * width;
    const treeHeight = height * (0.1 + 0.08 * layout.next());
    const baseY = height * 0.9;
    svg += `<path d="M${n(x)} ${n(baseY - treeHeight)} L${n(x - treeHeight * 0.3)} ${n(baseY)} L${n(x + treeHeight * 0.3)} ${n(baseY)} Z" fill="#1b3a1b" opacity="0.75"/>`;
  }
  return svg;
};

const drawWaves: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  const horizon = height * 0.45;
  let svg = sun(scene, 0.07);
  svg += `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${palette[2]}"/>`;
  for (let line = 0; line < 5; line += 1) {
    const baseY = horizon + (height - horizon) * (0.12 + 0.2 * line);
    const phase = layout.next() * 6 + progress * Math.PI * 2 * (line % 2 === 0 ? 1 : -1);
    svg += `<path d="${wavePath(scene, baseY, height * 0.015 * (line + 1), width * (0.25 + 0.05 * line), phase)}" fill="${palette[1]}" opacity="${n(0.12 + 0.05 * line)}"/>`;
  }
  const boatX = width * (0.1 + 0.8 * progress);
  const boatY = horizon + (height - horizon) * 0.25;
  const size = height * 0.06;
  svg += `<path d="M${n(boatX - size)} ${n(boatY)} L${n(boatX + size)} ${n(boatY)} L${n(boatX + size * 0.7)} ${n(boatY + size * 0.4)} L${n(boatX - size * 0.7)} ${n(boatY + size * 0.4)} Z" fill="#263238"/>`;
  svg += `<path d="M${n(boatX)} ${n(boatY - size * 1.4)} L${n(boatX)} ${n(boatY)} L${n(boatX + size * 0.8)} ${n(boatY)} Z" fill="#fafafa"/>`;
  return svg;
};

const drawCity: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout, detail } = scene;
  let svg = `<circle cx="${n(width * (0.8 - 0.3 * progress))}" cy="${n(height * 0.2)}" r="${n(height * 0.07)}" fill="${palette[3]}" opacity="0.85"/>`;
  const pan = progress * width * 0.25;
  let x = -width * 0.05 - pan;
  while (x < width) {
    const buildingWidth = width * (0.08 + 0.08 * layout.next());
    const buildingHeight = height * (0.3 + 0.45 * layout.next());
    const top = height - buildingHeight;
    if (x + buildingWidth > 0) {
      svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(buildingWidth)}" height="${n(buildingHeight)}" fill="${palette[2]}"/>`;
      const windowSize = Math.max(2, buildingWidth * 0.16);
      for (let row = 0; row < 4; row += 1) {
        for (let column = 0; column < 2; column += 1) {
          if (detail.next() < 0.45) continue;
          svg += `<rect x="${n(x + buildingWidth * (0.2 + 0.4 * column))}" y="${n(top + windowSize * (1 + 2 * row))}" width="${n(windowSize)}" height="${n(windowSize)}" fill="${palette[3]}" opacity="0.8"/>`;
        }
      }
    }
    x += buildingWidth + width * 0.01;
  }
  return svg;
};

const drawStars: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  const poleX = width * 0.5;
  const poleY = height * 1.05;
  const turn = progress * 0.5;
  const band = `<ellipse cx="${n(width * 0.5)}" cy="${n(height * 0.45)}" rx="${n(width * 0.6)}" ry="${n(height * 0.12)}" fill="${palette[3]}" opacity="0.14" transform="rotate(${n(-25 + progress * 30)} ${n(width * 0.5)} ${n(height * 0.45)})"/>`;
  let svg = band;
  for (let star = 0; star < 45; star += 1) {
    const radius = Math.hypot(width, height) * (0.2 + 0.8 * layout.next());
    const angle = Math.PI * (1.05 + 0.9 * layout.next()) + turn;
    const x = poleX + radius * Math.cos(angle);
    const y = poleY + radius * Math.sin(angle);
    if (x < 0 || x > width || y < 0 || y > height) continue;
    svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.6 + 1.4 * layout.next())}" fill="#ffffff" opacity="${n(0.5 + 0.5 * layout.next())}"/>`;
  }
  svg += `<path d="${wavePath(scene, height * 0.82, height * 0.08, width * 0.7, layout.next() * 6)}" fill="${palette[2]}"/>`;
  return svg;
};

const drawStage: SceneDrawer = (scene) => {
  const { width, height, progress, palette } = scene;
  const floor = height * 0.75;
  let svg = `<rect x="0" y="${n(floor)}" width="${width}" height="${n(height - floor)}" fill="${palette[2]}"/>`;
  for (let light = 0; light < 3; light += 1) {
    const top = width * (0.2 + 0.3 * light);
    const sway = Math.sin(progress * Math.PI * 2 + light * 2) * width * 0.15;
    const spread = width * 0.1;
    svg += `<path d="M${n(top - 4)} 0 L${n(top + 4)} 0 L${n(top + sway + spread)} ${n(floor)} L${n(top + sway - spread)} ${n(floor)} Z" fill="${palette[3]}" opacity="0.22"/>`;
  }
  // The performer walks across and back once over the strip.
  const walk = progress < 0.5 ? progress * 2 : 2 - progress * 2;
  const x = width * (0.25 + 0.5 * walk);
  const head = height * 0.05;
  svg += `<circle cx="${n(x)}" cy="${n(floor - head * 6)}" r="${n(head)}" fill="#111111" opacity="0.85"/>`;
  svg += `<rect x="${n(x - head)}" y="${n(floor - head * 5)}" width="${n(head * 2)}" height="${n(head * 5)}" rx="${n(head * 0.6)}" fill="#111111" opacity="0.85"/>`;
  return svg;
};

const drawStudio: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  const counter = height * 0.68;
  let svg = `<rect x="${n(width * 0.08)}" y="${n(height * 0.1)}" width="${n(width * 0.25)}" height="${n(height * 0.35)}" fill="#ffffff" opacity="0.35"/>`;
  svg += `<rect x="0" y="${n(height * 0.5)}" width="${width}" height="${n(height * 0.02)}" fill="${palette[2]}" opacity="0.5"/>`;
  svg += `<rect x="0" y="${n(counter)}" width="${width}" height="${n(height - counter)}" fill="${palette[2]}"/>`;
  const colours = [palette[3], palette[0], '#ffffff', palette[1]];
  for (let item = 0; item < 4; item += 1) {
    const x = ((layout.next() + progress * 0.3 * (item % 2 === 0 ? 1 : -1) + 1) % 1) * width * 0.8 + width * 0.1;
    const size = height * (0.06 + 0.06 * layout.next());
    const colour = colours[item % colours.length];
    svg +=
      item % 2 === 0
        ? `<ellipse cx="${n(x)}" cy="${n(counter)}" rx="${n(size * 1.4)}" ry="${n(size * 0.5)}" fill="${colour}"/>`
        : `<rect x="${n(x - size / 2)}" y="${n(counter - size * 1.6)}" width="${n(size)}" height="${n(size * 1.6)}" rx="${n(size * 0.15)}" fill="${colour}"/>`;
  }
  return svg;
};

const drawField: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  const top = height * 0.22;
  let svg = `<rect x="0" y="${n(top)}" width="${width}" height="${n(height - top)}" fill="${palette[2]}"/>`;
  for (let stripe = 0; stripe < 8; stripe += 2) {
    svg += `<rect x="${n((width / 8) * stripe)}" y="${n(top)}" width="${n(width / 8)}" height="${n(height - top)}" fill="#ffffff" opacity="0.06"/>`;
  }
  const line = `fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="${n(Math.max(1, height * 0.008))}"`;
  svg += `<line x1="${n(width / 2)}" y1="${n(top)}" x2="${n(width / 2)}" y2="${n(height)}" ${line}/>`;
  svg += `<circle cx="${n(width / 2)}" cy="${n((top + height) / 2)}" r="${n(height * 0.15)}" ${line}/>`;
  svg += `<rect x="${n(width * 0.02)}" y="${n(top + height * 0.15)}" width="${n(width * 0.12)}" height="${n(height * 0.35)}" ${line}/>`;
  for (let player = 0; player < 8; player += 1) {
    const baseX = layout.next();
    const baseY = layout.next();
    const x = width * (0.08 + 0.84 * ((baseX + 0.15 * Math.sin(progress * Math.PI * 2 + player)) % 1));
    const y = top + (height - top) * (0.1 + 0.8 * baseY);
    svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(height * 0.025)}" fill="${player % 2 === 0 ? palette[3] : palette[0]}"/>`;
  }
  const ballX = width * (0.15 + 0.7 * progress);
  const ballY = top + (height - top) * (0.5 - 0.35 * Math.sin(progress * Math.PI * 3));
  svg += `<circle cx="${n(ballX)}" cy="${n(ballY)}" r="${n(height * 0.018)}" fill="#ffffff"/>`;
  return svg;
};

const drawRoad: SceneDrawer = (scene) => {
  const { width, height, progress, palette } = scene;
  const horizon = height * 0.48;
  let svg = sun(scene, 0.06);
  svg += `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${palette[2]}"/>`;
  svg += `<path d="M${n(width * 0.47)} ${n(horizon)} L${n(width * 0.53)} ${n(horizon)} L${n(width * 0.95)} ${n(height)} L${n(width * 0.05)} ${n(height)} Z" fill="#3a3a3a"/>`;
  // Dashes slide towards the viewer as the frames advance, like a view from a moving vehicle.
  for (let dash = 0; dash < 7; dash += 1) {
    const near = ((dash + progress * 3) % 7) / 7;
    const y1 = horizon + (height - horizon) * near * near;
    const y2 = horizon + (height - horizon) * Math.min(1, (near + 0.06) * (near + 0.06));
    const halfWidth = width * (0.002 + 0.01 * near);
    svg += `<path d="M${n(width / 2 - halfWidth)} ${n(y1)} L${n(width / 2 + halfWidth)} ${n(y1)} L${n(width / 2 + halfWidth * 1.3)} ${n(y2)} L${n(width / 2 - halfWidth * 1.3)} ${n(y2)} Z" fill="${palette[3]}"/>`;
  }
  for (let pole = 0; pole < 4; pole += 1) {
    const near = ((pole + progress * 2) % 4) / 4;
    const x = width * (0.45 - 0.45 * near);
    const poleHeight = height * (0.04 + 0.3 * near);
    const y = horizon + (height - horizon) * near;
    svg += `<rect x="${n(x)}" y="${n(y - poleHeight)}" width="${n(Math.max(1, width * 0.01 * near))}" height="${n(poleHeight)}" fill="#263238"/>`;
  }
  return svg;
};

const drawSky: SceneDrawer = (scene) => {
  const { width, height, progress, palette, layout } = scene;
  let svg = '';
  for (let cloud = 0; cloud < 5; cloud += 1) {
    const x = (((layout.next() + progress * 0.4 * (0.5 + cloud * 0.2)) % 1) * 1.3 - 0.15) * width;
    const y = height * (0.12 + 0.5 * layout.next());
    const size = height * (0.05 + 0.05 * layout.next());
    svg += `<g fill="#ffffff" opacity="0.85"><circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}"/><circle cx="${n(x + size)}" cy="${n(y - size * 0.4)}" r="${n(size * 1.2)}"/><circle cx="${n(x + size * 2)}" cy="${n(y)}" r="${n(size)}"/></g>`;
  }
  const planeX = width * (-0.05 + 1.1 * progress);
  const planeY = height * (0.5 - 0.3 * progress);
  const span = height * 0.06;
  svg += `<path d="M${n(planeX - span)} ${n(planeY)} L${n(planeX + span)} ${n(planeY - span * 0.3)} L${n(planeX + span * 0.2)} ${n(planeY + span * 0.1)} L${n(planeX - span * 0.2)} ${n(planeY + span * 0.7)} Z" fill="#263238"/>`;
  svg += `<rect x="0" y="${n(height * 0.88)}" width="${width}" height="${n(height * 0.12)}" fill="${palette[2]}"/>`;
  return svg;
};

const SCENES: Record<SceneKind, SceneDrawer> = {
  hills: drawHills,
  waves: drawWaves,
  city: drawCity,
  stars: drawStars,
  stage: drawStage,
  studio: drawStudio,
  field: drawField,
  road: drawRoad,
  sky: drawSky,
};

function badge(x: number, y: number, text: string, fontSize: number, alignRight: boolean): string {
  const paddingX = fontSize * 0.4;
  const boxWidth = text.length * fontSize * 0.62 + paddingX * 2;
  const boxHeight = fontSize * 1.45;
  const left = alignRight ? x - boxWidth : x;
  return (
    `<rect x="${n(left)}" y="${n(y)}" width="${n(boxWidth)}" height="${n(boxHeight)}" rx="${n(fontSize * 0.25)}" fill="#000000" opacity="0.7"/>` +
    `<text x="${n(left + paddingX)}" y="${n(y + fontSize * 1.08)}" font-size="${n(fontSize)}" fill="#ffffff">${escapeXml(text)}</text>`
  );
}

export function isThumbFrame(frame: number): boolean {
  return Number.isInteger(frame) && frame >= 1 && frame <= THUMB_FRAME_COUNT;
}

export function renderThumbnailSvg(video: CatalogueVideo, frame: number, size: ThumbSize): string {
  if (!isThumbFrame(frame)) throw new RangeError(`Thumbnail frame must be 1..${THUMB_FRAME_COUNT}, got ${frame}`);
  const { width, height } = THUMB_SIZES[size];
  const topic = topicsBySlug.get(video.topic);
  const palette = topic?.palette ?? FALLBACK_PALETTE;
  const scene: SceneContext = {
    width,
    height,
    progress: (frame - 1) / (THUMB_FRAME_COUNT - 1),
    frame,
    palette,
    layout: createRandom(`thumb-layout:${video.id}`),
    detail: createRandom(`thumb-detail:${video.id}:${frame}`),
  };
  const drawScene = SCENES[topic?.scene ?? 'hills'];

  const fontSize = Math.max(10, Math.round(height * 0.06));
  const margin = Math.max(4, Math.round(height * 0.03));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${FONT}">` +
    `<title>${escapeXml(`${video.title} (frame ${frame} of ${THUMB_FRAME_COUNT})`)}</title>` +
    '<defs>' +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient>` +
        '</defs>' +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    drawScene(scene) +
    badge(margin, margin, `${frame}/${THUMB_FRAME_COUNT}`, fontSize * 0.9, false) +
    '</svg>'
  );
}
