import fs from 'node:fs';
import path from 'node:path';

/**
 * Generated demo artwork: small SVG files written under the uploads folder (served at /uploads/).
 * Every picture is a soft gradient from the item's hue with a simple illustration of the item;
 * nothing is fetched from outside the app.
 */

export interface Tone {
  h: number;
  s: number;
  l: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const r1 = (v: number) => Math.round(v * 10) / 10;
/** A CSS colour from a tone, lightness shifted by dl and saturation by ds. */
export const col = (t: Tone, dl = 0, ds = 0) =>
  `hsl(${Math.round(((t.h % 360) + 360) % 360)},${clamp(Math.round(t.s + ds), 0, 100)}%,${clamp(Math.round(t.l + dl), 0, 100)}%)`;

export function hexToTone(hex: string): Tone {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return { h: 0, s: 0, l: 50 };
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x!, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: l * 100 };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

export const shapes = [
  'dates',
  'stuffed-dates',
  'jar',
  'honey',
  'halwa',
  'sweets',
  'frankincense',
  'burner',
  'perfume',
  'oil',
  'phone',
  'earbuds',
  'headphones',
  'charger',
  'powerbank',
  'watch',
  'speaker',
  'abaya',
  'shayla',
  'kaftan',
  'bag',
  'dishdasha',
  'kumma',
  'massar',
  'sandal',
  'dallah',
  'cups',
  'pot',
  'tray',
  'basket',
  'khanjar',
  'ring',
  'necklace',
  'pottery',
  'chest',
  'giftbox',
  'tea',
  'spices',
  'coffee',
  'cream',
  'henna',
] as const;
export type Shape = (typeof shapes)[number];

/** Natural colour of an item when it has no colour option of its own. */
export const naturalTone: Record<Shape, Tone> = {
  dates: { h: 22, s: 62, l: 30 },
  'stuffed-dates': { h: 20, s: 60, l: 28 },
  jar: { h: 30, s: 70, l: 45 },
  honey: { h: 38, s: 90, l: 48 },
  halwa: { h: 18, s: 65, l: 26 },
  sweets: { h: 36, s: 85, l: 52 },
  frankincense: { h: 48, s: 70, l: 66 },
  burner: { h: 18, s: 55, l: 45 },
  perfume: { h: 330, s: 45, l: 45 },
  oil: { h: 30, s: 70, l: 35 },
  phone: { h: 220, s: 20, l: 22 },
  earbuds: { h: 0, s: 0, l: 92 },
  headphones: { h: 220, s: 15, l: 25 },
  charger: { h: 0, s: 0, l: 92 },
  powerbank: { h: 220, s: 15, l: 25 },
  watch: { h: 220, s: 15, l: 20 },
  speaker: { h: 200, s: 45, l: 35 },
  abaya: { h: 230, s: 15, l: 12 },
  shayla: { h: 230, s: 15, l: 15 },
  kaftan: { h: 160, s: 55, l: 30 },
  bag: { h: 20, s: 45, l: 35 },
  dishdasha: { h: 40, s: 25, l: 95 },
  kumma: { h: 40, s: 30, l: 94 },
  massar: { h: 350, s: 45, l: 40 },
  sandal: { h: 25, s: 50, l: 30 },
  dallah: { h: 42, s: 75, l: 50 },
  cups: { h: 195, s: 45, l: 55 },
  pot: { h: 210, s: 10, l: 55 },
  tray: { h: 42, s: 70, l: 52 },
  basket: { h: 38, s: 55, l: 55 },
  khanjar: { h: 210, s: 8, l: 75 },
  ring: { h: 210, s: 8, l: 78 },
  necklace: { h: 210, s: 8, l: 75 },
  pottery: { h: 18, s: 55, l: 48 },
  chest: { h: 22, s: 55, l: 32 },
  giftbox: { h: 350, s: 60, l: 45 },
  tea: { h: 10, s: 75, l: 38 },
  spices: { h: 12, s: 75, l: 45 },
  coffee: { h: 25, s: 55, l: 25 },
  cream: { h: 40, s: 40, l: 92 },
  henna: { h: 110, s: 40, l: 35 },
};

const gold: Tone = { h: 43, s: 78, l: 52 };
const silver: Tone = { h: 210, s: 8, l: 76 };
const dateTone: Tone = { h: 22, s: 62, l: 30 };

function dateFruit(x: number, y: number, rot: number, t: Tone, stuffed = false): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<ellipse rx="46" ry="78" fill="${col(t)}"/>` +
    `<ellipse rx="46" ry="78" fill="url(#shine)"/>` +
    `<path d="M-30 -40 Q-10 -10 -26 40" stroke="${col(t, -10)}" stroke-width="5" fill="none" opacity=".6"/>` +
    (stuffed
      ? `<ellipse rx="16" ry="52" fill="${col({ h: 40, s: 55, l: 88 })}"/><ellipse rx="8" ry="40" fill="${col({ h: 90, s: 40, l: 55 })}"/>`
      : `<ellipse cx="-14" cy="-36" rx="10" ry="22" fill="#fff" opacity=".25"/>`) +
    `</g>`
  );
}

function jarShape(content: Tone, lid: Tone): string {
  return (
    `<rect x="290" y="250" width="220" height="380" rx="46" fill="${col(content)}"/>` +
    `<rect x="290" y="250" width="220" height="380" rx="46" fill="url(#shine)"/>` +
    `<rect x="305" y="300" width="190" height="40" rx="10" fill="#fff" opacity=".25"/>` +
    `<rect x="290" y="420" width="220" height="110" fill="${col({ h: 40, s: 45, l: 94 })}" opacity=".92"/>` +
    `<rect x="318" y="450" width="164" height="14" rx="7" fill="${col(content, -5)}" opacity=".55"/>` +
    `<rect x="345" y="478" width="110" height="10" rx="5" fill="${col(content, -5)}" opacity=".35"/>` +
    `<rect x="300" y="190" width="200" height="70" rx="14" fill="${col(lid)}"/>` +
    `<rect x="300" y="190" width="200" height="18" rx="9" fill="${col(lid, 12)}"/>`
  );
}

/** The illustration of an item, drawn in an 800×800 box. */
export function drawShape(shape: Shape, t: Tone): string {
  switch (shape) {
    case 'dates':
    case 'stuffed-dates': {
      const stuffed = shape === 'stuffed-dates';
      return (
        `<ellipse cx="400" cy="560" rx="280" ry="70" fill="${col({ h: 38, s: 35, l: 92 })}"/>` +
        `<ellipse cx="400" cy="552" rx="250" ry="52" fill="${col({ h: 38, s: 30, l: 85 })}"/>` +
        dateFruit(290, 480, -28, t, stuffed) +
        dateFruit(510, 480, 28, t, stuffed) +
        dateFruit(400, 455, 0, t, stuffed) +
        dateFruit(340, 375, -55, { ...t, l: t.l + 4 }, stuffed) +
        dateFruit(465, 370, 50, { ...t, l: t.l - 3 }, stuffed)
      );
    }
    case 'jar':
      return jarShape(t, { h: t.h + 180, s: 35, l: 35 });
    case 'honey':
      return (
        [0, 1, 2, 3, 4]
          .map((i) => {
            const x = 190 + (i % 3) * 90 + (i > 2 ? 45 : 0);
            const y = 170 + (i > 2 ? 78 : 0);
            return `<path d="M${x} ${y - 48}l42 24v48l-42 24l-42-24v-48z" fill="${col(t, 15)}" opacity=".55"/>`;
          })
          .join('') +
        jarShape(t, gold) +
        `<path d="M300 240 Q296 300 312 320 Q326 300 320 240" fill="${col(t, -5)}"/>` +
        `<rect x="520" y="300" width="18" height="260" rx="9" transform="rotate(20 529 430)" fill="${col({ h: 30, s: 45, l: 45 })}"/>`
      );
    case 'halwa':
      return (
        `<ellipse cx="400" cy="600" rx="200" ry="40" fill="#000" opacity=".08"/>` +
        `<path d="M180 420 Q190 610 400 620 Q610 610 620 420 Z" fill="${col({ h: 200, s: 25, l: 92 })}"/>` +
        `<path d="M180 420 Q190 610 400 620 Q610 610 620 420 Z" fill="url(#shine)"/>` +
        `<path d="M200 470 Q400 520 600 470" stroke="${col({ h: 200, s: 60, l: 45 })}" stroke-width="10" fill="none"/>` +
        `<ellipse cx="400" cy="420" rx="220" ry="62" fill="${col({ h: 200, s: 25, l: 97 })}"/>` +
        `<ellipse cx="400" cy="420" rx="196" ry="50" fill="${col(t)}"/>` +
        `<ellipse cx="360" cy="405" rx="110" ry="22" fill="#fff" opacity=".18"/>` +
        [
          [330, 410],
          [420, 398],
          [470, 430],
          [375, 440],
          [290, 430],
          [520, 410],
        ]
          .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="16" ry="9" fill="${col({ h: 38, s: 50, l: 80 })}"/>`)
          .join('') +
        `<path d="M340 425 l14 -8 M440 415 l12 6 M500 425 l-10 8" stroke="${col({ h: 15, s: 90, l: 50 })}" stroke-width="4"/>`
      );
    case 'sweets':
      return (
        `<ellipse cx="400" cy="560" rx="280" ry="70" fill="${col({ h: 200, s: 30, l: 95 })}"/>` +
        [
          [300, 500],
          [380, 510],
          [460, 505],
          [540, 495],
          [340, 440],
          [420, 445],
          [500, 440],
          [380, 385],
          [460, 385],
          [420, 330],
        ]
          .map(
            ([x, y]) =>
              `<circle cx="${x}" cy="${y}" r="44" fill="${col(t)}"/><circle cx="${x}" cy="${y}" r="44" fill="url(#shine)"/>`,
          )
          .join('') +
        `<path d="M300 470 Q380 380 460 470 T560 440 M350 400 Q420 330 480 400" stroke="${col({ h: 30, s: 70, l: 30 })}" stroke-width="9" fill="none" opacity=".8"/>`
      );
    case 'frankincense': {
      const tears = [
        [320, 520, 56, 40, 20],
        [420, 540, 64, 44, -10],
        [520, 515, 52, 38, 35],
        [370, 450, 50, 36, -30],
        [470, 455, 58, 40, 15],
        [420, 385, 46, 34, 5],
        [270, 580, 40, 30, 10],
        [560, 585, 44, 30, -15],
      ];
      return (
        `<ellipse cx="420" cy="600" rx="270" ry="50" fill="#000" opacity=".08"/>` +
        tears
          .map(
            ([x, y, rx, ry, rot]) =>
              `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M${-rx!} 0 Q${-rx!} ${-ry!} 0 ${-ry!} Q${rx! * 1.1} ${-ry! * 0.8} ${rx!} 0 Q${rx! * 0.9} ${ry!} 0 ${ry!} Q${-rx! * 1.05} ${ry! * 0.9} ${-rx!} 0Z" fill="${col(t)}" stroke="${col(t, -18)}" stroke-width="3" opacity=".95"/>` +
              `<ellipse cx="${-rx! / 3}" cy="${-ry! / 3}" rx="${rx! / 3}" ry="${ry! / 4}" fill="#fff" opacity=".45"/></g>`,
          )
          .join('')
      );
    }
    case 'burner':
      return (
        `<path d="M400 260 Q360 200 400 150 Q440 100 405 50" stroke="#fff" stroke-width="10" fill="none" opacity=".7"/>` +
        `<path d="M430 270 Q470 210 430 160" stroke="#fff" stroke-width="8" fill="none" opacity=".5"/>` +
        `<path d="M270 280 L530 280 L500 380 L300 380 Z" fill="${col(t)}"/>` +
        `<rect x="255" y="262" width="290" height="30" rx="6" fill="${col(t, 8)}"/>` +
        `<rect x="360" y="380" width="80" height="120" fill="${col(t, -8)}"/>` +
        `<path d="M280 620 L520 620 L470 500 L330 500 Z" fill="${col(t)}"/>` +
        `<path d="M300 300 h200 M310 330 h180 M320 355 h160" stroke="${col(gold)}" stroke-width="6" opacity=".8"/>` +
        `<path d="M340 560 l20 -30 l20 30 l20 -30 l20 30 l20 -30 l20 30" stroke="${col(gold)}" stroke-width="6" fill="none"/>` +
        `<ellipse cx="400" cy="266" rx="110" ry="10" fill="${col({ h: 15, s: 80, l: 50 })}" opacity=".8"/>`
      );
    case 'perfume':
      return (
        `<ellipse cx="400" cy="640" rx="170" ry="30" fill="#000" opacity=".1"/>` +
        `<rect x="280" y="320" width="240" height="310" rx="40" fill="${col(t)}" opacity=".9"/>` +
        `<rect x="280" y="320" width="240" height="310" rx="40" fill="url(#shine)"/>` +
        `<rect x="300" y="340" width="40" height="260" rx="20" fill="#fff" opacity=".22"/>` +
        `<rect x="370" y="270" width="60" height="60" fill="${col(gold, -5)}"/>` +
        `<path d="M330 270 L400 150 L470 270 Z" fill="${col(gold)}"/>` +
        `<path d="M400 150 L470 270 L400 270 Z" fill="${col(gold, -12)}"/>` +
        `<rect x="330" y="430" width="140" height="90" rx="8" fill="${col(gold, 30)}" opacity=".85"/>` +
        `<path d="M360 475 h80" stroke="${col(gold, -15)}" stroke-width="6"/>`
      );
    case 'oil':
      return (
        `<ellipse cx="400" cy="650" rx="120" ry="24" fill="#000" opacity=".1"/>` +
        `<path d="M340 400 Q320 520 340 640 L460 640 Q480 520 460 400 Z" fill="${col(t)}" opacity=".9"/>` +
        `<path d="M340 400 Q320 520 340 640 L460 640 Q480 520 460 400 Z" fill="url(#shine)"/>` +
        `<rect x="370" y="340" width="60" height="70" fill="${col(gold, -5)}"/>` +
        `<rect x="388" y="140" width="24" height="210" rx="12" fill="${col(gold)}"/>` +
        `<circle cx="400" cy="140" r="28" fill="${col(gold, 6)}"/>` +
        `<path d="M350 470 h100 M350 560 h100" stroke="${col(gold)}" stroke-width="6"/>`
      );
    case 'phone':
      return (
        `<rect x="285" y="140" width="230" height="500" rx="40" fill="${col(t, -6)}"/>` +
        `<rect x="297" y="152" width="206" height="476" rx="30" fill="#111827"/>` +
        `<rect x="303" y="158" width="194" height="464" rx="26" fill="url(#screen)"/>` +
        `<rect x="370" y="172" width="60" height="16" rx="8" fill="#111827"/>` +
        `<rect x="515" y="260" width="8" height="70" rx="4" fill="${col(t, -12)}"/>` +
        `<circle cx="350" cy="560" r="20" fill="#fff" opacity=".35"/><circle cx="400" cy="560" r="20" fill="#fff" opacity=".35"/><circle cx="450" cy="560" r="20" fill="#fff" opacity=".35"/>` +
        `<rect x="330" y="250" width="140" height="140" rx="28" fill="#fff" opacity=".18"/>`
      );
    case 'earbuds':
      return (
        `<rect x="270" y="400" width="260" height="200" rx="90" fill="${col(t)}"/>` +
        `<rect x="270" y="400" width="260" height="200" rx="90" fill="url(#shine)"/>` +
        `<path d="M280 470 H520" stroke="${col(t, -15)}" stroke-width="4"/>` +
        `<circle cx="400" cy="520" r="8" fill="${col({ h: 140, s: 70, l: 50 })}"/>` +
        `<g transform="rotate(-18 320 280)"><ellipse cx="320" cy="260" rx="52" ry="58" fill="${col(t)}"/><rect x="296" y="270" width="40" height="120" rx="20" fill="${col(t)}"/><ellipse cx="320" cy="250" rx="24" ry="26" fill="${col(t, -20)}"/></g>` +
        `<g transform="rotate(18 480 280)"><ellipse cx="480" cy="260" rx="52" ry="58" fill="${col(t)}"/><rect x="464" y="270" width="40" height="120" rx="20" fill="${col(t)}"/><ellipse cx="480" cy="250" rx="24" ry="26" fill="${col(t, -20)}"/></g>`
      );
    case 'headphones':
      return (
        `<path d="M240 470 Q240 190 400 190 Q560 190 560 470" stroke="${col(t)}" stroke-width="38" fill="none" stroke-linecap="round"/>` +
        `<path d="M262 440 Q262 215 400 215 Q538 215 538 440" stroke="${col(t, 15)}" stroke-width="8" fill="none" opacity=".6"/>` +
        `<rect x="190" y="410" width="110" height="180" rx="50" fill="${col(t)}"/>` +
        `<rect x="500" y="410" width="110" height="180" rx="50" fill="${col(t)}"/>` +
        `<rect x="250" y="430" width="60" height="140" rx="28" fill="${col(t, -12)}"/>` +
        `<rect x="490" y="430" width="60" height="140" rx="28" fill="${col(t, -12)}"/>` +
        `<rect x="190" y="410" width="110" height="180" rx="50" fill="url(#shine)"/>`
      );
    case 'charger':
      return (
        `<path d="M400 520 Q420 640 540 620 Q640 600 620 500 Q600 420 650 380" stroke="${col(t, -8)}" stroke-width="18" fill="none" stroke-linecap="round"/>` +
        `<rect x="636" y="330" width="30" height="60" rx="8" fill="${col(t, -14)}"/>` +
        `<rect x="300" y="260" width="200" height="260" rx="36" fill="${col(t)}"/>` +
        `<rect x="300" y="260" width="200" height="260" rx="36" fill="url(#shine)"/>` +
        `<rect x="345" y="190" width="26" height="80" rx="6" fill="${col(silver)}"/>` +
        `<rect x="429" y="190" width="26" height="80" rx="6" fill="${col(silver)}"/>` +
        `<path d="M390 340 L370 400 H405 L385 460 L440 380 H405 L425 340 Z" fill="${col({ h: 45, s: 90, l: 55 })}"/>`
      );
    case 'powerbank':
      return (
        `<rect x="200" y="300" width="400" height="220" rx="40" fill="${col(t)}"/>` +
        `<rect x="200" y="300" width="400" height="220" rx="40" fill="url(#shine)"/>` +
        [0, 1, 2, 3]
          .map((i) => `<circle cx="${330 + i * 40}" cy="470" r="9" fill="${i < 3 ? '#34d399' : '#ffffff'}" opacity=".9"/>`)
          .join('') +
        `<rect x="600" y="370" width="20" height="60" rx="6" fill="${col(t, -15)}"/>` +
        `<path d="M380 350 L360 410 H395 L375 450 L430 395 H395 L410 350 Z" fill="#fff" opacity=".5"/>`
      );
    case 'watch':
      return (
        `<rect x="335" y="120" width="130" height="200" rx="20" fill="${col(t, -5)}"/>` +
        `<rect x="335" y="480" width="130" height="200" rx="20" fill="${col(t, -5)}"/>` +
        `<rect x="290" y="280" width="220" height="240" rx="56" fill="${col(silver, -20)}"/>` +
        `<rect x="305" y="295" width="190" height="210" rx="46" fill="#0b1220"/>` +
        `<circle cx="400" cy="400" r="70" stroke="${col({ h: 150, s: 70, l: 50 })}" stroke-width="14" fill="none" stroke-dasharray="300 140"/>` +
        `<circle cx="400" cy="400" r="44" stroke="${col({ h: 200, s: 80, l: 55 })}" stroke-width="12" fill="none" stroke-dasharray="180 100"/>` +
        `<rect x="508" y="370" width="16" height="60" rx="6" fill="${col(silver, -30)}"/>`
      );
    case 'speaker':
      return (
        `<rect x="190" y="300" width="420" height="240" rx="120" fill="${col(t)}"/>` +
        `<rect x="190" y="300" width="420" height="240" rx="120" fill="url(#shine)"/>` +
        `<rect x="230" y="330" width="340" height="180" rx="90" fill="url(#grill)"/>` +
        `<circle cx="400" cy="420" r="40" fill="${col(t, -12)}"/>` +
        `<rect x="360" y="262" width="80" height="48" rx="14" fill="${col(t, -10)}"/>`
      );
    case 'abaya':
      return (
        `<path d="M360 160 Q400 185 440 160 L525 195 Q600 290 650 440 L582 460 Q545 370 515 300 L565 670 Q400 695 235 670 L285 300 Q255 370 218 460 L150 440 Q200 290 275 195 Z" fill="${col(t)}"/>` +
        `<path d="M360 160 Q400 185 440 160 L525 195 Q600 290 650 440 L582 460 Q545 370 515 300 L565 670 Q400 695 235 670 L285 300 Q255 370 218 460 L150 440 Q200 290 275 195 Z" fill="url(#shine)"/>` +
        `<path d="M400 182 L400 678" stroke="${col(gold)}" stroke-width="7" stroke-dasharray="16 10"/>` +
        `<path d="M150 440 L218 460 M650 440 L582 460" stroke="${col(gold)}" stroke-width="14"/>` +
        `<path d="M245 640 Q400 665 555 640" stroke="${col(gold)}" stroke-width="6" fill="none" stroke-dasharray="10 8"/>`
      );
    case 'shayla':
      return (
        `<path d="M300 180 Q400 120 500 180 Q560 300 540 420 Q620 520 600 660 L500 640 Q520 520 460 440 Q400 470 340 440 Q280 520 300 640 L200 660 Q180 520 260 420 Q240 300 300 180 Z" fill="${col(t)}"/>` +
        `<path d="M300 180 Q400 120 500 180 Q560 300 540 420 Q620 520 600 660 L500 640 Q520 520 460 440 Q400 470 340 440 Q280 520 300 640 L200 660 Q180 520 260 420 Q240 300 300 180 Z" fill="url(#shine)"/>` +
        `<path d="M200 660 L300 640 M500 640 L600 660" stroke="${col(t, 25)}" stroke-width="10"/>` +
        `<path d="M330 260 Q400 300 470 260" stroke="${col(t, 15)}" stroke-width="6" fill="none" opacity=".7"/>`
      );
    case 'kaftan':
      return (
        `<path d="M350 160 L400 250 L450 160 L530 195 Q610 300 640 420 L575 440 L530 330 L575 670 Q400 690 225 670 L270 330 L225 440 L160 420 Q190 300 270 195 Z" fill="${col(t)}"/>` +
        `<path d="M350 160 L400 250 L450 160 L530 195 Q610 300 640 420 L575 440 L530 330 L575 670 Q400 690 225 670 L270 330 L225 440 L160 420 Q190 300 270 195 Z" fill="url(#shine)"/>` +
        `<path d="M350 160 L400 250 L450 160" stroke="${col(gold)}" stroke-width="10" fill="none"/>` +
        `<rect x="272" y="380" width="256" height="26" fill="${col(gold)}" opacity=".9"/>` +
        [0, 1, 2, 3, 4, 5]
          .map((i) => `<path d="M${255 + i * 58} 600 l14 -22 l14 22 l-14 22z" fill="${col(gold, 10)}" opacity=".9"/>`)
          .join('')
      );
    case 'bag':
      return (
        `<path d="M320 330 Q320 200 400 200 Q480 200 480 330" stroke="${col(t, -10)}" stroke-width="22" fill="none"/>` +
        `<path d="M230 330 L570 330 L610 620 Q610 640 590 640 L210 640 Q190 640 190 620 Z" fill="${col(t)}"/>` +
        `<path d="M230 330 L570 330 L610 620 Q610 640 590 640 L210 640 Q190 640 190 620 Z" fill="url(#shine)"/>` +
        `<path d="M230 330 L400 440 L570 330" stroke="${col(t, -12)}" stroke-width="8" fill="none"/>` +
        `<rect x="378" y="420" width="44" height="36" rx="8" fill="${col(gold)}"/>`
      );
    case 'dishdasha':
      return (
        `<path d="M365 160 Q400 182 435 160 L515 192 L610 340 L560 368 L505 285 L525 675 L275 675 L295 285 L240 368 L190 340 L285 192 Z" fill="${col(t)}"/>` +
        `<path d="M365 160 Q400 182 435 160 L515 192 L610 340 L560 368 L505 285 L525 675 L275 675 L295 285 L240 368 L190 340 L285 192 Z" fill="url(#shine)" opacity=".6"/>` +
        `<path d="M365 160 Q400 182 435 160" stroke="${col(t, -25)}" stroke-width="6" fill="none"/>` +
        `<path d="M400 180 V250" stroke="${col(t, -25)}" stroke-width="4"/>` +
        `<path d="M400 190 Q408 270 400 340" stroke="${col({ h: 30, s: 40, l: 55 })}" stroke-width="6" fill="none"/>` +
        `<ellipse cx="400" cy="352" rx="10" ry="18" fill="${col({ h: 30, s: 40, l: 50 })}"/>`
      );
    case 'kumma': {
      let dots = '';
      for (let row = 0; row < 4; row++) {
        for (let i = 0; i < 9; i++) {
          const x = 240 + i * 40 + (row % 2) * 20;
          const y = 440 - row * 45;
          const dx = Math.abs(x - 400);
          if (dx < 150 - row * 28)
            dots += `<path d="M${x} ${y - 10}l10 10l-10 10l-10-10z" fill="${col({ h: t.h + 180, s: 45, l: 45 })}"/>`;
        }
      }
      return (
        `<ellipse cx="400" cy="520" rx="200" ry="40" fill="#000" opacity=".08"/>` +
        `<path d="M210 490 Q210 250 400 240 Q590 250 590 490 Z" fill="${col(t)}"/>` +
        `<path d="M210 490 Q210 250 400 240 Q590 250 590 490 Z" fill="url(#shine)"/>` +
        dots +
        `<rect x="205" y="470" width="390" height="40" rx="10" fill="${col({ h: t.h + 180, s: 45, l: 40 })}"/>`
      );
    }
    case 'massar':
      return (
        `<ellipse cx="400" cy="470" rx="240" ry="120" fill="${col(t, -6)}"/>` +
        `<ellipse cx="400" cy="420" rx="220" ry="110" fill="${col(t)}"/>` +
        `<ellipse cx="400" cy="360" rx="180" ry="80" fill="${col(t, 6)}"/>` +
        `<path d="M220 420 Q400 300 580 420 M240 470 Q400 360 560 470 M260 360 Q400 270 540 360" stroke="${col(gold, 10)}" stroke-width="10" fill="none" opacity=".85"/>` +
        `<path d="M250 440 Q400 340 550 440" stroke="${col({ h: t.h + 160, s: 45, l: 40 })}" stroke-width="6" fill="none" stroke-dasharray="14 10"/>`
      );
    case 'sandal':
      return (
        `<path d="M280 180 Q380 150 420 260 Q450 400 420 560 Q400 650 320 640 Q240 630 250 520 Q260 400 240 280 Q235 200 280 180 Z" fill="${col(t)}" transform="rotate(-12 340 400)"/>` +
        `<path d="M460 220 Q560 190 600 300 Q630 440 600 600 Q580 690 500 680 Q420 670 430 560 Q440 440 420 320 Q415 240 460 220 Z" fill="${col(t, -6)}" transform="rotate(8 520 440)"/>` +
        `<path d="M255 330 Q340 270 420 330" stroke="${col(t, -15)}" stroke-width="36" fill="none" transform="rotate(-12 340 400)"/>` +
        `<path d="M440 380 Q520 320 600 380" stroke="${col(t, -18)}" stroke-width="36" fill="none" transform="rotate(8 520 440)"/>`
      );
    case 'dallah':
      return (
        `<ellipse cx="400" cy="640" rx="170" ry="28" fill="#000" opacity=".1"/>` +
        `<path d="M445 470 Q550 450 575 330 L610 290 L590 350 Q575 470 460 520 Z" fill="${col(t, -8)}"/>` +
        `<path d="M350 395 Q230 430 320 580" stroke="${col(t, -10)}" stroke-width="16" fill="none"/>` +
        `<path d="M320 630 Q280 530 345 470 L368 390 L432 390 L455 470 Q520 530 480 630 Z" fill="${col(t)}"/>` +
        `<path d="M320 630 Q280 530 345 470 L368 390 L432 390 L455 470 Q520 530 480 630 Z" fill="url(#shine)"/>` +
        `<path d="M345 470 H455 M330 560 H470" stroke="${col(t, -15)}" stroke-width="6"/>` +
        `<ellipse cx="400" cy="385" rx="62" ry="16" fill="${col(t, 6)}"/>` +
        `<path d="M350 385 Q400 250 450 385 Z" fill="${col(t)}"/>` +
        `<circle cx="400" cy="270" r="18" fill="${col(t, 8)}"/>` +
        `<path d="M370 340 H430" stroke="${col(t, -15)}" stroke-width="5"/>`
      );
    case 'cups':
      return (
        `<ellipse cx="400" cy="570" rx="300" ry="60" fill="${col({ h: 40, s: 30, l: 92 })}"/>` +
        [250, 400, 550]
          .map(
            (x, i) =>
              `<path d="M${x - 70} ${440 + (i === 1 ? -20 : 0)} L${x + 70} ${440 + (i === 1 ? -20 : 0)} Q${x + 62} ${560 + (i === 1 ? -20 : 0)} ${x} ${560 + (i === 1 ? -20 : 0)} Q${x - 62} ${560 + (i === 1 ? -20 : 0)} ${x - 70} ${440 + (i === 1 ? -20 : 0)} Z" fill="${col(t)}"/>` +
              `<ellipse cx="${x}" cy="${440 + (i === 1 ? -20 : 0)}" rx="70" ry="14" fill="${col({ h: 30, s: 60, l: 35 })}"/>` +
              `<path d="M${x - 64} ${470 + (i === 1 ? -20 : 0)} H${x + 64}" stroke="${col(gold)}" stroke-width="8"/>`,
          )
          .join('')
      );
    case 'pot':
      return (
        `<ellipse cx="400" cy="630" rx="220" ry="30" fill="#000" opacity=".1"/>` +
        `<rect x="150" y="400" width="80" height="30" rx="15" fill="${col(t, -20)}"/><rect x="570" y="400" width="80" height="30" rx="15" fill="${col(t, -20)}"/>` +
        `<path d="M210 360 H590 V570 Q590 630 530 630 H270 Q210 630 210 570 Z" fill="${col(t)}"/>` +
        `<path d="M210 360 H590 V570 Q590 630 530 630 H270 Q210 630 210 570 Z" fill="url(#shine)"/>` +
        `<path d="M200 360 Q400 250 600 360 Z" fill="${col(t, 10)}"/>` +
        `<rect x="370" y="265" width="60" height="34" rx="12" fill="${col(t, -25)}"/>`
      );
    case 'tray':
      return (
        `<ellipse cx="400" cy="480" rx="300" ry="150" fill="${col(t, -8)}"/>` +
        `<ellipse cx="400" cy="465" rx="300" ry="150" fill="${col(t)}"/>` +
        `<ellipse cx="400" cy="465" rx="255" ry="122" fill="${col(t, 8)}"/>` +
        `<ellipse cx="400" cy="465" rx="255" ry="122" fill="none" stroke="${col(t, -12)}" stroke-width="6" stroke-dasharray="12 10"/>` +
        dateFruit(340, 440, 70, dateTone) +
        dateFruit(450, 470, 110, dateTone) +
        `<ellipse cx="400" cy="465" rx="300" ry="150" fill="url(#shine)" opacity=".5"/>`
      );
    case 'basket': {
      let rows = '';
      for (let i = 0; i < 6; i++) {
        rows += `<path d="M${225 + i * 8} ${330 + i * 50} H${575 - i * 8}" stroke="${col(i % 2 ? { h: 350, s: 55, l: 45 } : { h: 160, s: 40, l: 35 })}" stroke-width="20" opacity=".85"/>`;
      }
      return (
        `<path d="M320 330 Q400 160 480 330" stroke="${col(t, -10)}" stroke-width="20" fill="none"/>` +
        `<path d="M210 310 H590 L540 640 Q400 660 260 640 Z" fill="${col(t)}"/>` +
        rows +
        `<path d="M210 310 H590 L540 640 Q400 660 260 640 Z" fill="url(#shine)"/>`
      );
    }
    case 'khanjar':
      return (
        `<ellipse cx="420" cy="670" rx="180" ry="24" fill="#000" opacity=".1"/>` +
        `<path d="M330 110 Q400 70 470 110 L455 150 H345 Z" fill="${col(t, 8)}"/>` +
        `<rect x="370" y="148" width="60" height="150" rx="12" fill="${col({ h: 30, s: 40, l: 25 })}"/>` +
        `<path d="M370 180 H430 M370 220 H430 M370 260 H430" stroke="${col(t)}" stroke-width="8"/>` +
        `<path d="M345 300 H455 L465 470 Q480 580 590 620 Q615 632 600 655 Q440 670 380 520 Z" fill="${col(t)}"/>` +
        `<path d="M345 300 H455 L465 470 Q480 580 590 620 Q615 632 600 655 Q440 670 380 520 Z" fill="url(#shine)"/>` +
        [330, 370, 410, 450].map((y) => `<circle cx="402" cy="${y}" r="12" fill="${col(t, -18)}"/>`).join('') +
        `<path d="M395 500 Q430 590 560 630" stroke="${col(t, -18)}" stroke-width="8" fill="none" stroke-dasharray="14 10"/>` +
        `<circle cx="330" cy="360" r="22" stroke="${col(t, -10)}" stroke-width="8" fill="none"/><circle cx="470" cy="360" r="22" stroke="${col(t, -10)}" stroke-width="8" fill="none"/>`
      );
    case 'ring':
      return (
        `<ellipse cx="400" cy="620" rx="160" ry="26" fill="#000" opacity=".1"/>` +
        `<ellipse cx="400" cy="470" rx="170" ry="150" fill="none" stroke="${col(t)}" stroke-width="40"/>` +
        `<ellipse cx="400" cy="470" rx="170" ry="150" fill="none" stroke="#fff" stroke-width="8" opacity=".4" stroke-dasharray="200 600"/>` +
        `<path d="M320 320 L350 250 H450 L480 320 L400 380 Z" fill="${col({ h: t.h === 210 ? 355 : t.h, s: 70, l: 40 })}"/>` +
        `<path d="M350 250 L400 320 L450 250 M320 320 H480" stroke="#fff" stroke-width="4" opacity=".5" fill="none"/>` +
        `<path d="M310 330 L340 240 H460 L490 330" stroke="${col(silver, -10)}" stroke-width="12" fill="none"/>`
      );
    case 'necklace': {
      let beads = '';
      for (let i = 0; i <= 16; i++) {
        const a = Math.PI * (0.05 + (0.9 * i) / 16);
        beads += `<circle cx="${r1(400 + 230 * Math.cos(a))}" cy="${r1(220 + 260 * Math.sin(a))}" r="13" fill="${col(t)}"/>`;
      }
      return (
        beads +
        `<path d="M350 480 H450 L400 620 Z" fill="${col(t)}"/>` +
        `<path d="M350 480 H450 L400 620 Z" fill="url(#shine)"/>` +
        `<circle cx="400" cy="530" r="20" fill="${col({ h: 200, s: 70, l: 45 })}"/>`
      );
    }
    case 'pottery':
      return (
        `<ellipse cx="400" cy="660" rx="160" ry="24" fill="#000" opacity=".1"/>` +
        `<path d="M350 170 H450 L440 240 Q600 300 590 460 Q580 640 400 660 Q220 640 210 460 Q200 300 360 240 Z" fill="${col(t)}"/>` +
        `<path d="M350 170 H450 L440 240 Q600 300 590 460 Q580 640 400 660 Q220 640 210 460 Q200 300 360 240 Z" fill="url(#shine)"/>` +
        `<path d="M245 380 Q400 420 555 380 M230 460 Q400 500 570 460" stroke="${col(t, -18)}" stroke-width="10" fill="none"/>` +
        `<path d="M250 420 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20" stroke="${col(t, 25)}" stroke-width="6" fill="none"/>` +
        `<ellipse cx="400" cy="172" rx="52" ry="12" fill="${col(t, -20)}"/>`
      );
    case 'chest': {
      let studs = '';
      for (let i = 0; i < 8; i++)
        studs += `<circle cx="${235 + i * 47}" cy="420" r="9" fill="${col(gold)}"/><circle cx="${235 + i * 47}" cy="600" r="9" fill="${col(gold)}"/>`;
      return (
        `<ellipse cx="400" cy="650" rx="260" ry="26" fill="#000" opacity=".1"/>` +
        `<path d="M200 380 Q200 260 400 260 Q600 260 600 380 Z" fill="${col(t, 6)}"/>` +
        `<rect x="200" y="380" width="400" height="250" rx="10" fill="${col(t)}"/>` +
        `<rect x="200" y="380" width="400" height="250" rx="10" fill="url(#shine)"/>` +
        `<path d="M200 380 H600 M260 300 V630 M540 300 V630" stroke="${col(gold, -8)}" stroke-width="14"/>` +
        studs +
        `<rect x="370" y="440" width="60" height="70" rx="8" fill="${col(gold)}"/><circle cx="400" cy="470" r="9" fill="${col(t, -15)}"/>`
      );
    }
    case 'giftbox':
      return (
        `<ellipse cx="400" cy="650" rx="240" ry="26" fill="#000" opacity=".1"/>` +
        `<rect x="220" y="380" width="360" height="260" rx="10" fill="${col(t)}"/>` +
        `<rect x="200" y="320" width="400" height="80" rx="10" fill="${col(t, 6)}"/>` +
        `<rect x="220" y="380" width="360" height="260" rx="10" fill="url(#shine)"/>` +
        `<rect x="375" y="320" width="50" height="320" fill="${col(gold)}"/>` +
        `<path d="M400 320 Q300 200 290 290 Q300 330 400 320 Q500 330 510 290 Q500 200 400 320 Z" fill="${col(gold, 5)}"/>` +
        `<circle cx="400" cy="318" r="20" fill="${col(gold, -8)}"/>`
      );
    case 'tea':
      return (
        `<path d="M360 230 Q330 190 360 150 M420 230 Q450 190 420 150" stroke="#fff" stroke-width="8" fill="none" opacity=".6"/>` +
        `<ellipse cx="400" cy="590" rx="210" ry="44" fill="${col(gold, 20)}"/>` +
        `<path d="M300 260 H500 Q470 360 490 460 Q500 560 400 570 Q300 560 310 460 Q330 360 300 260 Z" fill="#fff" opacity=".55"/>` +
        `<path d="M318 330 H482 Q462 380 480 460 Q490 545 400 552 Q310 545 320 460 Q338 380 318 330 Z" fill="${col(t)}"/>` +
        `<path d="M300 260 H500" stroke="${col(gold)}" stroke-width="10"/>` +
        `<path d="M560 520 q40 -60 100 -50 q-20 60 -100 50z M540 560 q60 -20 110 20 q-60 30 -110 -20z" fill="${col({ h: 120, s: 50, l: 40 })}"/>`
      );
    case 'spices': {
      const heaps: [number, number, Tone][] = [
        [260, 560, { h: 8, s: 80, l: 45 }],
        [540, 560, { h: 45, s: 90, l: 50 }],
        [400, 470, t],
      ];
      return heaps
        .map(
          ([x, y, c]) =>
            `<ellipse cx="${x}" cy="${y + 40}" rx="150" ry="40" fill="${col({ h: 30, s: 30, l: 85 })}"/>` +
            `<path d="M${x - 130} ${y + 40} Q${x - 60} ${y - 110} ${x} ${y - 120} Q${x + 60} ${y - 110} ${x + 130} ${y + 40} Z" fill="${col(c)}"/>` +
            `<path d="M${x - 130} ${y + 40} Q${x - 60} ${y - 110} ${x} ${y - 120} Q${x + 60} ${y - 110} ${x + 130} ${y + 40} Z" fill="url(#shine)"/>`,
        )
        .join('');
    }
    case 'coffee': {
      const beans = [
        [230, 560, 20],
        [300, 610, -30],
        [560, 600, 40],
        [620, 540, -10],
        [260, 470, 60],
        [600, 460, 10],
      ];
      return (
        beans
          .map(
            ([x, y, r]) =>
              `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="34" ry="24" fill="${col(t)}"/><path d="M-28 0 Q0 -10 28 0" stroke="${col(t, -12)}" stroke-width="5" fill="none"/></g>`,
          )
          .join('') +
        `<ellipse cx="420" cy="560" rx="150" ry="30" fill="${col({ h: 40, s: 30, l: 92 })}"/>` +
        `<path d="M320 380 L520 380 Q510 540 420 545 Q330 540 320 380 Z" fill="${col({ h: 195, s: 45, l: 55 })}"/>` +
        `<ellipse cx="420" cy="380" rx="100" ry="20" fill="${col({ h: 38, s: 65, l: 45 })}"/>` +
        `<path d="M330 420 H510" stroke="${col(gold)}" stroke-width="8"/>` +
        `<path d="M400 340 Q380 300 400 260 M440 340 Q460 300 440 260" stroke="#fff" stroke-width="7" fill="none" opacity=".6"/>`
      );
    }
    case 'cream':
      return (
        `<ellipse cx="400" cy="620" rx="210" ry="30" fill="#000" opacity=".1"/>` +
        `<rect x="230" y="420" width="340" height="200" rx="40" fill="${col(t)}"/>` +
        `<rect x="230" y="420" width="340" height="200" rx="40" fill="url(#shine)"/>` +
        `<rect x="215" y="350" width="370" height="90" rx="24" fill="${col(gold)}"/>` +
        `<rect x="215" y="350" width="370" height="24" rx="12" fill="${col(gold, 12)}"/>` +
        `<path d="M330 520 q70 -80 140 0 q-70 60 -140 0z" fill="${col({ h: 120, s: 40, l: 45 })}" opacity=".8"/>`
      );
    case 'henna':
      return (
        `<path d="M300 300 L480 260 L560 620 Z" fill="${col({ h: 30, s: 30, l: 90 })}"/>` +
        `<path d="M300 300 L480 260 L560 620 Z" fill="url(#shine)"/>` +
        `<path d="M300 300 L480 260" stroke="${col(t, -10)}" stroke-width="18"/>` +
        [
          [250, 520, -30],
          [330, 580, 20],
          [210, 420, -60],
          [620, 360, 40],
          [640, 470, 70],
        ]
          .map(
            ([x, y, r]) =>
              `<path d="M0 0 Q30 -50 0 -100 Q-30 -50 0 0Z" transform="translate(${x} ${y}) rotate(${r})" fill="${col(t)}"/>`,
          )
          .join('') +
        `<path d="M560 620 Q590 660 630 640" stroke="${col({ h: 15, s: 60, l: 30 })}" stroke-width="10" fill="none"/>`
      );
  }
}

function commonDefs(bg: Tone, angle: number, t: Tone): string {
  const rad = (angle * Math.PI) / 180;
  const x2 = r1(50 + 50 * Math.cos(rad));
  const y2 = r1(50 + 50 * Math.sin(rad));
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="${r1(100 - x2)}%" y1="${r1(100 - y2)}%" x2="${x2}%" y2="${y2}%">` +
    `<stop offset="0" stop-color="${col({ h: bg.h, s: Math.min(bg.s, 70), l: 96 })}"/>` +
    `<stop offset="1" stop-color="${col({ h: bg.h + 25, s: Math.min(bg.s, 60), l: 84 })}"/></linearGradient>` +
    `<linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/>` +
    `<stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>` +
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${col({ h: t.h + 200, s: 70, l: 55 })}"/>` +
    `<stop offset="1" stop-color="${col({ h: t.h + 260, s: 70, l: 35 })}"/></linearGradient>` +
    `<pattern id="grill" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="${col(t, -12)}"/>` +
    `<circle cx="8" cy="8" r="4" fill="${col(t, -25)}"/></pattern>` +
    `</defs>`
  );
}

/** Light geometric ornament (an eight-pointed star, as on Omani doors) used as decoration. */
function star(cx: number, cy: number, r: number, fill: string, opacity: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (Math.PI * i) / 8;
    const rr = i % 2 ? r * 0.72 : r;
    pts.push(`${r1(cx + rr * Math.cos(a))},${r1(cy + rr * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`;
}

/**
 * A square product picture. `variant` changes the light, the framing and the ornament, so that the
 * 2-5 pictures of a product look like different shots of the same item.
 */
export function productSvg(shape: Shape, t: Tone, bgHue: number, variant = 0): string {
  const bg: Tone = { h: bgHue, s: 55, l: 90 };
  const angle = [60, 135, 20, 100, 160][variant % 5]!;
  const frames = [
    'translate(400 400) scale(1.12) translate(-400 -400)',
    'translate(400 400) scale(1.3) rotate(-6) translate(-400 -400)',
    'translate(400 400) scale(1) rotate(5) translate(-400 -400)',
    'translate(400 440) scale(1.45) translate(-400 -400)',
    'translate(400 400) scale(1.18) rotate(8) translate(-400 -400)',
  ];
  const deco =
    variant % 2 === 0
      ? `<circle cx="400" cy="420" r="300" fill="#fff" opacity=".35"/>`
      : star(400, 410, 330, '#fff', 0.3) + star(400, 410, 250, col(bg, 4), 0.35);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">` +
    commonDefs(bg, angle, t) +
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    deco +
    `<g transform="${frames[variant % 5]}">${drawShape(shape, t)}</g>` +
    `</svg>`
  );
}

function shapesRow(list: { shape: Shape; tone: Tone }[], x0: number, y: number, step: number, scale: number): string {
  return list
    .map(
      (s, i) =>
        `<g transform="translate(${x0 + i * step} ${y}) scale(${scale}) translate(-400 -400)">${drawShape(s.shape, s.tone)}</g>`,
    )
    .join('');
}

/** A wide picture with a gradient, ornaments and a few illustrations on one side (banners, covers). */
export function wideSvg(
  width: number,
  height: number,
  hue: number,
  items: { shape: Shape; tone: Tone }[],
  opts: { dark?: boolean; side?: 'start' | 'end' } = {},
): string {
  const t: Tone = { h: hue, s: 55, l: 45 };
  const top = opts.dark ? col({ h: hue, s: 55, l: 22 }) : col({ h: hue, s: 60, l: 94 });
  const bottom = opts.dark ? col({ h: hue + 30, s: 50, l: 34 }) : col({ h: hue + 30, s: 55, l: 80 });
  const scale = r1((height * 0.9) / 800);
  const step = Math.round(height * 0.62);
  const n = items.length;
  const x0 = opts.side === 'start' ? Math.round(height * 0.55) : Math.round(width - height * 0.55 - (n - 1) * step);
  let stars = '';
  for (let i = 0; i < Math.ceil(width / 180); i++) {
    stars += star(90 + i * 180, i % 2 ? height * 0.2 : height * 0.85, 46, opts.dark ? '#fff' : col(t), 0.08);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><linearGradient id="wbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    commonDefs({ h: hue, s: 55, l: 90 }, 45, t).slice('<defs>'.length) +
    `<rect width="${width}" height="${height}" fill="url(#wbg)"/>` +
    stars +
    `<circle cx="${x0 + ((n - 1) * step) / 2}" cy="${height / 2}" r="${Math.round(height * 0.62)}" fill="#fff" opacity="${opts.dark ? 0.07 : 0.35}"/>` +
    shapesRow(items, x0, Math.round(height / 2), step, scale) +
    `</svg>`
  );
}

/** A square logo: gradient disc, ornament and the initial letter (shops, brands). */
export function logoSvg(initial: string, hue: number, shape?: Shape): string {
  const t: Tone = { h: hue, s: 55, l: 40 };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    `<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${col(t, 12)}"/><stop offset="1" stop-color="${col({ ...t, h: hue + 25 }, -10)}"/></linearGradient>` +
    commonDefs({ h: hue, s: 55, l: 90 }, 45, t).slice('<defs>'.length) +
    `<rect width="200" height="200" rx="44" fill="url(#lg)"/>` +
    star(100, 100, 84, '#fff', 0.12) +
    (shape
      ? `<g transform="translate(142 142) scale(.1) translate(-400 -400)">${drawShape(shape, naturalTone[shape])}</g>` +
        `<circle cx="142" cy="142" r="40" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>`
      : '') +
    `<text x="${shape ? 78 : 100}" y="${shape ? 104 : 128}" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${shape ? 88 : 100}" font-weight="700" fill="#fff">${escapeXml(initial)}</text>` +
    `</svg>`
  );
}

/**
 * A demo person's photo: a drawn portrait (shoulders in a white dishdasha, face, an embroidered kuma cap)
 * on a tinted ground. No lettering: the storefront draws initials only for people without a photo.
 */
export function avatarSvg(initials: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(initials)}">` +
    `<rect width="200" height="200" fill="${col({ h: hue, s: 45, l: 86 })}"/>` +
    `<path d="M28 200 Q30 138 100 134 Q170 138 172 200 Z" fill="#f8fafc" stroke="${col({ h: hue, s: 20, l: 75 })}" stroke-width="3"/>` +
    `<path d="M92 136 L100 170 L108 136 Z" fill="${col({ h: hue, s: 20, l: 80 })}"/>` +
    `<rect x="86" y="112" width="28" height="26" rx="8" fill="#c98f64"/>` +
    `<ellipse cx="100" cy="88" rx="36" ry="40" fill="#d9a47a"/>` +
    `<path d="M64 80 Q64 44 100 42 Q136 44 136 80 Q118 70 100 70 Q82 70 64 80 Z" fill="${col({ h: hue, s: 55, l: 40 })}"/>` +
    `<path d="M70 66 Q100 56 130 66" fill="none" stroke="${col({ h: hue + 40, s: 70, l: 70 })}" stroke-width="4" stroke-dasharray="2 5"/>` +
    `<path d="M65 92 Q64 130 100 130 Q136 130 135 92 Q130 108 118 106 Q100 100 82 106 Q70 108 65 92 Z" fill="#3f2a1e"/>` +
    `<path d="M90 114 Q100 119 110 114" fill="none" stroke="#d9a47a" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="86" cy="90" r="3.5" fill="#2b1d14"/><circle cx="114" cy="90" r="3.5" fill="#2b1d14"/>` +
    `</svg>`
  );
}

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const arabicFont = "'IBM Plex Sans Arabic','Noto Kufi Arabic','Noto Naskh Arabic','Segoe UI',Tahoma,sans-serif";

function wordmark(color: string, mark: string, markInk: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 56" width="200" height="56">` +
    `<g transform="translate(148 6)">` +
    `<path d="M6 16 H40 L37 44 Q36 48 32 48 H14 Q10 48 9 44 Z" fill="${mark}"/>` +
    `<path d="M15 16 Q15 4 23 4 Q31 4 31 16" stroke="${mark}" stroke-width="3.5" fill="none"/>` +
    star(23, 31, 9, markInk, 1) +
    `</g>` +
    `<text x="140" y="37" text-anchor="end" textLength="132" lengthAdjust="spacingAndGlyphs" font-family="${arabicFont}" font-size="25" font-weight="700" fill="${color}">سوق عُمان</text>` +
    `</svg>`
  );
}

/** Site-wide artwork referenced by the settings seed (logo, footer logo, QR, social, payments, store badges). */
export function brandFiles(): Record<string, string> {
  const teal = '#0f766e';
  const icon = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="currentColor">${body}</svg>`;
  const badge = (small: string, big: string, glyph: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 54" width="180" height="54">` +
    `<rect x=".5" y=".5" width="179" height="53" rx="10" fill="#000" stroke="#a6a6a6"/>` +
    glyph +
    `<text x="54" y="21" font-family="'Segoe UI',Helvetica,Arial,sans-serif" font-size="10" fill="#fff">${small}</text>` +
    `<text x="54" y="41" font-family="'Segoe UI',Helvetica,Arial,sans-serif" font-size="19" font-weight="600" fill="#fff">${big}</text>` +
    `</svg>`;

  // A QR-looking pattern: three finder squares and deterministic modules.
  let modules = '';
  let seed = 7;
  for (let y = 0; y < 25; y++) {
    for (let x = 0; x < 25; x++) {
      const inFinder = (x < 8 && y < 8) || (x > 16 && y < 8) || (x < 8 && y > 16);
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      if (!inFinder && seed % 100 < 48) modules += `M${x + 2} ${y + 2}h1v1h-1z`;
    }
  }
  const finder = (x: number, y: number) =>
    `<path d="M${x} ${y}h7v7h-7z M${x + 1} ${y + 1}v5h5v-5z" fill-rule="evenodd"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;

  return {
    'brand/logo.svg': wordmark(teal, teal, '#fff'),
    'brand/logo-footer.svg': wordmark('#ffffff', '#ffffff', teal),
    'brand/app-qr.svg':
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" width="232" height="232" shape-rendering="crispEdges">` +
      `<rect width="29" height="29" fill="#fff"/><g fill="#111">${finder(2, 2)}${finder(20, 2)}${finder(2, 20)}<path d="${modules}"/></g></svg>`,
    'social/instagram.svg': icon(
      `<path d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.5 5.2a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6z"/>`,
    ),
    'social/x.svg': icon(
      `<path d="M17.8 2.5h3.1l-6.8 7.8 8 10.7h-6.3l-4.9-6.4-5.6 6.4H2.2l7.3-8.3L1.9 2.5h6.4l4.4 5.9 5.1-5.9zm-1.1 16.6h1.7L7.4 4.3H5.6l11.1 14.8z"/>`,
    ),
    'social/facebook.svg': icon(
      `<path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.2v2.3H7.5V14h2.7v8h3.3z"/>`,
    ),
    'social/youtube.svg': icon(
      `<path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15.1V8.9l5.8 3.1-5.8 3.1z"/>`,
    ),
    'payments/thawani.svg':
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40">` +
      `<rect width="120" height="40" rx="8" fill="#fff" stroke="#e5e7eb"/>` +
      `<circle cx="20" cy="20" r="11" fill="#00a99d"/><path d="M14 20h12M20 14v12" stroke="#fff" stroke-width="3"/>` +
      `<text x="38" y="26" font-family="'Segoe UI',Helvetica,Arial,sans-serif" font-size="15" font-weight="700" fill="#1f2937">thawani</text></svg>`,
    'payments/stripe.svg':
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40">` +
      `<rect width="120" height="40" rx="8" fill="#fff" stroke="#e5e7eb"/>` +
      `<rect x="9" y="9" width="22" height="22" rx="5" fill="#635bff"/><path d="M24 15.5c-1-.6-2.2-.9-3.3-.9-1.6 0-2.6.7-2.6 1.8 0 2.6 6 1.6 6 5.4 0 1.9-1.6 3.2-4 3.2-1.3 0-2.6-.3-3.6-1" stroke="#fff" stroke-width="2" fill="none"/>` +
      `<text x="38" y="26" font-family="'Segoe UI',Helvetica,Arial,sans-serif" font-size="15" font-weight="700" fill="#1f2937">stripe</text></svg>`,
    'payments/amwal.svg':
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40">` +
      `<rect width="120" height="40" rx="8" fill="#fff" stroke="#e5e7eb"/>` +
      `<path d="M10 29 L20 11 L30 29 Z" fill="#b45309"/><path d="M16 29 L20 21 L24 29 Z" fill="#fff"/>` +
      `<text x="38" y="26" font-family="'Segoe UI',Helvetica,Arial,sans-serif" font-size="15" font-weight="700" fill="#1f2937">amwal pay</text></svg>`,
    'brand/app-store.svg': badge(
      'Download on the',
      'App Store',
      `<path fill="#fff" d="M33.6 28.4c0-3 2.5-4.5 2.6-4.6-1.4-2.1-3.6-2.3-4.4-2.4-1.9-.2-3.6 1.1-4.6 1.1-1 0-2.4-1.1-4-1-2 0-3.9 1.2-5 3-2.1 3.7-.5 9.2 1.5 12.2 1 1.5 2.2 3.1 3.8 3 1.5-.1 2.1-1 4-1 1.8 0 2.4 1 4 1 1.6 0 2.7-1.5 3.7-3 1.2-1.7 1.6-3.3 1.7-3.4-.1 0-3.3-1.3-3.3-4.9zM30.6 19.5c.8-1 1.4-2.4 1.2-3.8-1.2.1-2.6.8-3.5 1.8-.8.9-1.5 2.3-1.3 3.7 1.3.1 2.7-.7 3.6-1.7z"/>`,
    ),
    'brand/google-play.svg': badge(
      'GET IT ON',
      'Google Play',
      `<path fill="#34a853" d="M14 13.5 L30 27 L14 40.5 Q12.5 40 12.5 38.5 V15.5 Q12.5 14 14 13.5Z"/>` +
        `<path fill="#fbbc04" d="M30 27 L35 22.5 L40.5 25.6 Q42.5 27 40.5 28.4 L35 31.5Z"/>` +
        `<path fill="#ea4335" d="M14 40.5 L30 27 L35 31.5 L16.5 41.6 Q15 42.2 14 40.5Z"/>` +
        `<path fill="#4285f4" d="M14 13.5 Q15 11.8 16.5 12.4 L35 22.5 L30 27Z"/>`,
    ),
  };
}

/** Collects files and writes them at the end, one mkdir per folder. */
export class FileSink {
  private readonly files = new Map<string, string>();
  constructor(private readonly root: string) {}
  /** Queues a file under uploads and answers its public path (/uploads/...). */
  add(rel: string, content: string): string {
    this.files.set(rel, content);
    return `/uploads/${rel}`;
  }
  get size() {
    return this.files.size;
  }
  async flush(): Promise<void> {
    const dirs = new Set([...this.files.keys()].map((rel) => path.dirname(path.join(this.root, rel))));
    for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
    const entries = [...this.files.entries()];
    // Write in modest parallel batches: quick, and never too many open files at once.
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(
        entries.slice(i, i + 64).map(([rel, content]) => fs.promises.writeFile(path.join(this.root, rel), content)),
      );
    }
  }
}
