// The benchmark's marketplace: sizes at a scale, and the rules every generated row follows.

/** Bumped whenever the generator changes what it writes: an older dataset is then made again. */
export const generatorVersion = 3;

export interface DatasetSize {
  scale: number;
  mentors: number;
  programs: number;
  sessions: number;
  advisees: number;
  ledgerEntries: number;
}

/**
 * Sizes at `scale` (1 = 10,000 mentors, 2,000 programs, 200,000 sessions, 1,000,000 ledger entries,
 * 50,000 advisees). Sessions are 20 per mentor and advisees 5 per mentor, so the shapes below hold at any
 * scale; ledger entries follow from the sessions (7 per past paid session, 4 per coming paid one).
 */
export function datasetSize(scale: number): DatasetSize {
  if (!(scale > 0 && scale <= 1)) throw new RangeError('the scale must be above 0 and at most 1');
  const mentors = Math.max(200, Math.round(10_000 * scale));
  const shape = sessionShape(mentors);
  return {
    scale,
    mentors,
    programs: Math.max(40, Math.round(2_000 * scale)),
    sessions: 20 * mentors,
    advisees: 5 * mentors,
    ledgerEntries: 7 * shape.pastPaid + 4 * shape.comingPaid,
  };
}

/**
 * How a mentor's 20 sessions (k = 0..19) lie, all on the mentor's home hour (one weekday, one hour), each k
 * in a week of its own, so no two of a mentor's sessions ever overlap:
 * - k 0..12: confirmed, paid, ended (weeks -1, -5, … -49), settled to the mentor, 60 % rated;
 * - k 13, 14 and, for the first quarter of mentors, 15: confirmed and paid, in the coming weeks +1, +2, +3;
 * - the rest: expired unpaid holds or sessions cancelled before payment, holding no slot.
 */
export function sessionShape(mentors: number) {
  const comingThird = Math.floor(mentors / 4);
  return {
    pastPaid: 13 * mentors,
    comingPaid: 2 * mentors + comingThird,
    comingThird,
    /** Advisees who take turns over the sessions (i mod rotation); at least `mentors`, so each one's sessions fall in different weeks. */
    rotation: Math.round(4.5 * mentors),
    /** Busy advisees: each has every session of a block of 15 mentors whose home hours all differ. */
    busy: Math.min(10, Math.floor((mentors - 15) / 105) + 1),
  };
}

/** Slot start hours (platform time): 06..21 without 12. */
export const slotHours = [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21];

/** The week (relative to this week) of a mentor's k-th session. */
export const weekOfK = [
  -1, -5, -9, -13, -17, -21, -25, -29, -33, -37, -41, -45, -49, 1, 2, 3, -2, -3, -4, -6,
];

export const subjects = [
  'Leadership',
  'Career Growth',
  'Personal Finance',
  'Public Speaking',
  'Entrepreneurship',
  'Digital Marketing',
  'Job Search',
  'Mental Wellness',
  'Parenting',
  'Relationships',
  'Agribusiness',
  'Negotiation',
  'Project Management',
  'Data Analysis',
  'Software Engineering',
  'Product Management',
  'Sales',
  'Customer Service',
  'Accounting',
  'Investing',
  'Real Estate',
  'Fundraising',
  'Graphic Design',
  'Writing',
  'Photography',
  'Law School',
  'Medical School',
  'Nursing',
  'Teaching',
  'Procurement',
  'Supply Chain',
  'Human Resources',
  'Cyber Security',
  'Cloud Computing',
  'Film Making',
  'Music Business',
  'Fashion Design',
  'Hospitality',
  'Tourism',
  'Public Policy',
];

export const audiences = [
  'Students',
  'Graduates',
  'New Managers',
  'Senior Managers',
  'Nurses',
  'Teachers',
  'Farmers',
  'Artists',
  'Engineers',
  'Accountants',
  'Lawyers',
  'Doctors',
  'Parents',
  'Women in Business',
  'Youth',
  'Freelancers',
  'Small Businesses',
  'Startups',
  'Civil Servants',
  'Non-profits',
  'Career Changers',
  'Returning Mothers',
  'Retirees',
  'Athletes',
  'Creatives',
  'Developers',
  'Designers',
  'Sales Teams',
  'Founders',
  'Interns',
  'Researchers',
  'Journalists',
  'Pharmacists',
  'Pilots',
  'Chefs',
  'Drivers',
  'Traders',
  'Bankers',
  'Consultants',
  'Diaspora Kenyans',
  'Mothers',
  'Fathers',
  'Couples',
  'Introverts',
  'Team Leads',
  'Executives',
  'Board Members',
  'County Officials',
  'Teenagers',
  'Everyone',
];

export const firstNames = [
  'Achieng',
  'Wanjiru',
  'Kamau',
  'Otieno',
  'Njeri',
  'Kiprop',
  'Chebet',
  'Mwangi',
  'Akinyi',
  'Omondi',
  'Wambui',
  'Kibet',
  'Nyambura',
  'Mutua',
  'Auma',
  'Koech',
  'Wairimu',
  'Onyango',
  'Jepkosgei',
  'Karanja',
];

export const lastNames = [
  'Odhiambo',
  'Kariuki',
  'Njoroge',
  'Wekesa',
  'Cheruiyot',
  'Mutiso',
  'Ochieng',
  'Gitau',
  'Rotich',
  'Wafula',
  'Kimani',
  'Owino',
  'Langat',
  'Maina',
  'Nyaga',
  'Barasa',
  'Kiplagat',
  'Muthoni',
  'Oduya',
  'Ngugi',
];

export const occupations = [
  'Head of Finance',
  'Software Engineer',
  'HR Director',
  'Founder & CEO',
  'Marketing Lead',
  'Senior Nurse',
  'Agronomist',
  'Advocate of the High Court',
  'Product Manager',
  'Teacher',
  'Investment Analyst',
  'Chief Operating Officer',
];

/** Programs whose names search is asked for with a typo, and what the answer must include. */
export const typoSearches = [
  { query: 'leadrship', expect: 'Leadership' },
  { query: 'entreprenership', expect: 'Entrepreneurship' },
  { query: 'finanse', expect: 'Personal Finance' },
  { query: 'negotation', expect: 'Negotiation' },
  { query: 'public speking', expect: 'Public Speaking' },
  { query: 'carer growth', expect: 'Career Growth' },
  { query: 'marketting', expect: 'Digital Marketing' },
  { query: 'agribusines', expect: 'Agribusiness' },
];
