/** SVG portraits of the demo people: a friendly illustrated face on a gradient, with the person's initials. */

const backgrounds: Array<[string, string]> = [
  ['#fde68a', '#f59e0b'],
  ['#bae6fd', '#0284c7'],
  ['#bbf7d0', '#059669'],
  ['#fbcfe8', '#db2777'],
  ['#ddd6fe', '#7c3aed'],
  ['#fed7aa', '#ea580c'],
  ['#a5f3fc', '#0e7490'],
  ['#d9f99d', '#65a30d'],
];
const skins = ['#8d5524', '#6f4423', '#a0662f', '#5c3a21', '#7a4a2a', '#b87333'];
const clothes = ['#1e3a8a', '#b91c1c', '#0f766e', '#6d28d9', '#ca8a04', '#be185d', '#334155', '#15803d'];
const hairColors = ['#1b1009', '#24150c', '#0f0a06'];
const wraps = ['#f97316', '#db2777', '#16a34a', '#2563eb', '#facc15'];

export interface Person {
  name: string;
  gender: 'Female' | 'Male';
  /** Position in the list: picks colours. */
  index: number;
  /** Picks hair, beard and glasses; count people of one gender apart so each gets every style. */
  variant: number;
}

function initialsOf(name: string): string {
  return name
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** Shades a #rrggbb colour: negative amounts darken. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((value >> shift) & 255) + amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const cap = 'M80 104C76 62 98 50 120 50S164 62 160 104C154 80 140 70 120 70S86 80 80 104Z';

function hair(person: Person, color: string): { back: string; front: string } {
  const style = person.variant % 4;
  if (person.gender === 'Female') {
    if (style === 0) {
      return {
        back: `<circle cx="120" cy="92" r="62" fill="${color}"/>`,
        front: `<path d="${cap}" fill="${color}"/>`,
      };
    }
    if (style === 1) {
      const wrap = wraps[person.variant % wraps.length]!;
      return {
        back: '',
        front: `<path d="M78 100C70 50 100 36 120 36S172 48 162 100C150 78 136 72 120 72S88 78 78 100Z" fill="${wrap}"/>
  <path d="M120 38c10-18 34-16 36-2-8 8-24 10-36 2z" fill="${shade(wrap, -30)}"/>
  <path d="M86 80c20-10 48-10 68 0" stroke="${shade(wrap, 40)}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      };
    }
    if (style === 2) {
      return {
        back: `<circle cx="120" cy="44" r="24" fill="${color}"/>`,
        front: `<path d="${cap}" fill="${color}"/>`,
      };
    }
    return {
      back: `<rect x="70" y="70" width="100" height="112" rx="40" fill="${color}"/>
  <path d="M78 120v56M90 128v54M150 128v54M162 120v56" stroke="${shade(color, 30)}" stroke-width="3" stroke-linecap="round"/>`,
      front: `<path d="${cap}" fill="${color}"/>`,
    };
  }
  if (style === 1) return { back: '', front: '' };
  if (style === 3) {
    return {
      back: '',
      front: `<path d="M84 96C82 66 100 58 120 58S158 66 156 96C150 80 138 74 120 74S90 80 84 96Z" fill="${color}"/>`,
    };
  }
  return { back: '', front: `<path d="${cap}" fill="${color}"/>` };
}

function beard(person: Person, color: string): string {
  if (person.gender !== 'Male' || person.variant % 4 === 2) return '';
  return `<path d="M84 112C86 150 104 160 120 160S154 150 156 112C150 134 138 142 120 142S90 134 84 112Z" fill="${color}"/>
  <path d="M106 124c8-4 20-4 28 0-4 4-24 4-28 0z" fill="${color}"/>`;
}

/** A 240 x 240 portrait. */
export function personSvg(person: Person): string {
  const [from, to] = backgrounds[person.index % backgrounds.length]!;
  const skin = skins[(person.index * 5) % skins.length]!;
  const cloth = clothes[(person.index * 3) % clothes.length]!;
  const hairColor = hairColors[person.index % hairColors.length]!;
  const { back, front } = hair(person, hairColor);
  const glasses =
    (person.variant + person.index) % 3 === 0
      ? `<g fill="none" stroke="#1f2937" stroke-width="3"><circle cx="104" cy="106" r="11"/><circle cx="136" cy="106" r="11"/><path d="M115 106h10"/></g>`
      : '';
  const id = `p${person.index}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="240" height="240" fill="url(#${id})"/>
  <circle cx="196" cy="44" r="64" fill="#fff" fill-opacity="0.16"/>
  <circle cx="30" cy="210" r="48" fill="#fff" fill-opacity="0.1"/>
  ${back}
  <path d="M36 240c0-52 38-80 84-80s84 28 84 80z" fill="${cloth}"/>
  <path d="M100 162l20 26 20-26" fill="${shade(cloth, 50)}"/>
  <rect x="104" y="128" width="32" height="40" rx="14" fill="${shade(skin, -18)}"/>
  <ellipse cx="82" cy="110" rx="7" ry="10" fill="${shade(skin, -10)}"/>
  <ellipse cx="158" cy="110" rx="7" ry="10" fill="${shade(skin, -10)}"/>
  <ellipse cx="120" cy="104" rx="38" ry="44" fill="${skin}"/>
  ${front}
  <circle cx="104" cy="106" r="3.6" fill="#1f140c"/>
  <circle cx="136" cy="106" r="3.6" fill="#1f140c"/>
  <path d="M97 95q7-5 14 0M129 95q7-5 14 0" stroke="${hairColor}" stroke-width="3" fill="none" stroke-linecap="round"/>
  ${beard(person, hairColor)}
  <path d="M108 128q12 10 24 0" stroke="#3b1f12" stroke-width="3.5" fill="none" stroke-linecap="round"/>
  ${glasses}
  <circle cx="204" cy="204" r="26" fill="#fff" fill-opacity="0.92"/>
  <text x="204" y="212" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="21" font-weight="700" fill="${shade(to, -40)}">${initialsOf(person.name)}</text>
</svg>
`;
}
