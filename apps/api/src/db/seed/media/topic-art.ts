/** SVG illustrations of the demo programs: a gradient, soft shapes and a line icon drawn in a 100 x 100 box. */

/** White rounded strokes of a given width. */
const line = (width = 5) =>
  `fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const stroke = line();
const soft = 'fill="#fff" fill-opacity="0.28"';

/** Line icons, keyed by program slug. */
const icons: Record<string, string> = {
  'career-growth': `
    <rect x="12" y="62" width="16" height="26" rx="3" ${soft}/>
    <rect x="40" y="46" width="16" height="42" rx="3" ${soft}/>
    <rect x="68" y="28" width="16" height="60" rx="3" ${soft}/>
    <polyline points="10,56 38,34 54,44 86,14" ${stroke}/>
    <polyline points="70,14 86,14 86,30" ${stroke}/>`,
  'personal-finance': `
    <rect x="10" y="30" width="62" height="44" rx="8" ${stroke}/>
    <path d="M52 44h22v16H52a8 8 0 0 1 0-16z" ${stroke}/>
    <circle cx="56" cy="52" r="2.5" fill="#fff"/>
    <circle cx="76" cy="26" r="14" ${soft}/>
    <circle cx="76" cy="26" r="14" ${stroke}/>
    <path d="M72 20v12M72 26l7-6M72 26l7 6" ${line(3.5)}/>`,
  entrepreneurship: `
    <path d="M50 12a26 26 0 0 0-15 47c3 2.5 5 6 5 10v3h20v-3c0-4 2-7.5 5-10A26 26 0 0 0 50 12z" ${soft}/>
    <path d="M50 12a26 26 0 0 0-15 47c3 2.5 5 6 5 10v3h20v-3c0-4 2-7.5 5-10A26 26 0 0 0 50 12z" ${stroke}/>
    <path d="M41 80h18M44 88h12" ${stroke}/>
    <path d="M44 46l6 8 6-8" ${line(3.5)}/>
    <path d="M50 2v4M14 16l3 3M86 16l-3 3M4 40h5M91 40h5" ${stroke}/>`,
  leadership: `
    <path d="M6 88l30-44 16 22 12-14 30 36z" ${soft}/>
    <path d="M6 88l30-44 16 22 12-14 30 36z" ${stroke}/>
    <path d="M36 44V10" ${stroke}/>
    <path d="M36 12h24l-6 8 6 8H36" fill="#fff" fill-opacity="0.85" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`,
  'mental-wellness': `
    <path d="M50 84c-10-12-12-30 0-48 12 18 10 36 0 48z" ${soft}/>
    <path d="M50 84c-10-12-12-30 0-48 12 18 10 36 0 48z" ${stroke}/>
    <path d="M48 84C30 82 16 70 12 50c16-2 30 6 36 22" ${stroke}/>
    <path d="M52 84c18-2 32-14 36-34-16-2-30 6-36 22" ${stroke}/>
    <circle cx="50" cy="20" r="7" ${stroke}/>`,
  relationships: `
    <path d="M36 78S10 62 10 42a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 20-26 36-26 36z" ${soft}/>
    <path d="M36 78S10 62 10 42a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 20-26 36-26 36z" ${stroke}/>
    <path d="M64 62S42 49 42 32a11 11 0 0 1 22-3 11 11 0 0 1 22 3c0 17-22 30-22 30z" ${stroke}/>`,
  parenting: `
    <circle cx="36" cy="22" r="11" ${stroke}/>
    <path d="M16 88V58a20 20 0 0 1 40 0v30" ${soft}/>
    <path d="M16 88V58a20 20 0 0 1 40 0v30" ${stroke}/>
    <circle cx="72" cy="46" r="8" ${stroke}/>
    <path d="M60 88V72a12 12 0 0 1 24 0v16" ${stroke}/>
    <path d="M54 62l8 6" ${stroke}/>`,
  'tech-careers': `
    <rect x="14" y="18" width="72" height="48" rx="5" ${soft}/>
    <rect x="14" y="18" width="72" height="48" rx="5" ${stroke}/>
    <path d="M4 78h92l-6 8H10z" ${stroke}/>
    <polyline points="38,32 28,42 38,52" ${line(4)}/>
    <polyline points="62,32 72,42 62,52" ${line(4)}/>
    <path d="M54 30l-8 24" ${line(4)}/>`,
  'public-speaking': `
    <rect x="36" y="8" width="28" height="48" rx="14" ${soft}/>
    <rect x="36" y="8" width="28" height="48" rx="14" ${stroke}/>
    <path d="M26 42a24 24 0 0 0 48 0" ${stroke}/>
    <path d="M50 66v14M36 88h28" ${stroke}/>
    <path d="M84 24c4 5 4 13 0 18M14 24c-4 5-4 13 0 18" ${line(3.5)}/>`,
  agribusiness: `
    <circle cx="78" cy="20" r="11" ${soft}/>
    <circle cx="78" cy="20" r="11" ${stroke}/>
    <path d="M6 86h88" ${stroke}/>
    <path d="M50 86V44" ${stroke}/>
    <path d="M50 58c-20 0-30-10-30-26 18 0 30 10 30 26z" ${soft}/>
    <path d="M50 58c-20 0-30-10-30-26 18 0 30 10 30 26z" ${stroke}/>
    <path d="M50 48c0-14 10-22 26-22 0 14-10 22-26 22z" ${stroke}/>`,
  'job-search': `
    <path d="M18 8h40l16 16v64H18z" ${soft}/>
    <path d="M18 8h40l16 16v64H18z" ${stroke}/>
    <path d="M58 8v16h16M28 34h24M28 46h20M28 58h14" ${line(4)}/>
    <circle cx="66" cy="66" r="13" fill="#fff" fill-opacity="0.2" stroke="#fff" stroke-width="5"/>
    <path d="M76 76l14 14" ${line(6)}/>`,
  'work-life-balance': `
    <path d="M50 10v74M30 88h40M18 24h64" ${stroke}/>
    <path d="M18 24L6 54h24z" ${line(4)}/>
    <path d="M82 24L70 54h24z" ${line(4)}/>
    <path d="M4 54a14 8 0 0 0 28 0z" ${soft}/>
    <path d="M68 54a14 8 0 0 0 28 0z" ${soft}/>
    <circle cx="50" cy="10" r="5" fill="#fff"/>`,
  'digital-marketing': `
    <path d="M14 40h14l40-22v64L28 60H14z" ${soft}/>
    <path d="M14 40h14l40-22v64L28 60H14z" ${stroke}/>
    <path d="M26 60l6 24h10l-4-22" ${line(4)}/>
    <path d="M80 38c4 4 4 20 0 24M88 30c8 8 8 32 0 40" ${line(4)}/>`,
  'study-scholarships': `
    <path d="M50 16L4 36l46 20 46-20z" ${soft}/>
    <path d="M50 16L4 36l46 20 46-20z" ${stroke}/>
    <path d="M22 46v20c0 8 14 14 28 14s28-6 28-14V46" ${stroke}/>
    <path d="M88 40v26" ${stroke}/>
    <circle cx="88" cy="70" r="4" fill="#fff"/>`,
};

const palettes: Array<[string, string]> = [
  ['#0f766e', '#34d399'],
  ['#1e3a8a', '#38bdf8'],
  ['#9a3412', '#fbbf24'],
  ['#4c1d95', '#a78bfa'],
  ['#065f46', '#a3e635'],
  ['#9d174d', '#fb7185'],
  ['#7c2d12', '#fb923c'],
  ['#0c4a6e', '#22d3ee'],
  ['#581c87', '#f472b6'],
  ['#365314', '#facc15'],
  ['#1e293b', '#60a5fa'],
  ['#134e4a', '#5eead4'],
  ['#831843', '#f59e0b'],
  ['#312e81', '#2dd4bf'],
];

/** A 640 x 400 program image. */
export function topicSvg(slug: string, index: number): string {
  const icon = icons[slug];
  if (!icon) throw new Error(`No icon for program ${slug}`);
  const [from, to] = palettes[index % palettes.length]!;
  const id = `g${index}`;
  // Soft circles placed differently for each program.
  const a = 80 + ((index * 97) % 480);
  const b = 60 + ((index * 53) % 280);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img">
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="${id}l" cx="0.5" cy="0.45" r="0.5">
      <stop offset="0" stop-color="#fff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="640" height="400" fill="url(#${id})"/>
  <circle cx="${a}" cy="${b}" r="150" fill="#fff" fill-opacity="0.07"/>
  <circle cx="${640 - a}" cy="${400 - b}" r="110" fill="#fff" fill-opacity="0.06"/>
  <path d="M0 330c110-40 220 30 330 0s200-50 310-10v80H0z" fill="#fff" fill-opacity="0.1"/>
  <circle cx="320" cy="195" r="135" fill="url(#${id}l)"/>
  <g transform="translate(230 105) scale(1.8)">${icon}
  </g>
</svg>
`;
}
