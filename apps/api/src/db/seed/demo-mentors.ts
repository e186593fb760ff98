/** The demo mentors. Photos are in apps/web/public/images/mentors/<photo>.webp. */
import type { WeekDayName } from '@myprosper/contract/dates';

export interface DemoMentor {
  photo: string;
  name: string;
  email: string;
  phone: string;
  gender: 'Female' | 'Male';
  industry: string;
  occupation: string;
  quote: string;
  bio: string;
  topics: string[];
  languages: string[];
  ranking: number;
  years: string;
  availability: Partial<Record<WeekDayName, number[]>>;
}

const shortDays: Record<string, WeekDayName> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

/**
 * Weekly hours written shortly: 'Mon,Wed 18-21; Sat 9-12' is slots starting at 18, 19 and 20 on Monday
 * and Wednesday and at 9, 10 and 11 on Saturday. The lunch hour (12) never has a slot.
 */
export function weekly(text: string): Partial<Record<WeekDayName, number[]>> {
  const result: Partial<Record<WeekDayName, number[]>> = {};
  for (const part of text.split(';')) {
    const [days = '', hours = ''] = part.trim().split(' ');
    const [from, to] = hours.split('-').map(Number);
    for (const short of days.split(',')) {
      const day = shortDays[short];
      if (!day || from === undefined || to === undefined) throw new Error(`Bad availability: ${part}`);
      const list = new Set(result[day] ?? []);
      for (let hour = from; hour < to; hour += 1) if (hour !== 12) list.add(hour);
      result[day] = [...list].sort((a, b) => a - b);
    }
  }
  return result;
}

type Row = Omit<DemoMentor, 'photo' | 'email' | 'phone' | 'availability'> & { hours: string };

const rows: Row[] = [
  {
    name: 'Wanjiku Kamau',
    gender: 'Female',
    industry: 'Banking & Finance',
    occupation: 'Personal Finance Coach',
    quote: 'Little by little, a little becomes a lot.',
    bio: 'Wanjiku spent twelve years in retail banking before starting a practice that helps young professionals budget, save and invest. She has run money clinics for SACCOs and chamas across Central Kenya.',
    topics: ['Personal Finance', 'Entrepreneurship'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 98,
    years: '10+',
    hours: 'Mon,Wed 18-21; Sat 9-12',
  },
  {
    name: 'Otieno Odhiambo',
    gender: 'Male',
    industry: 'Technology',
    occupation: 'Senior Software Engineer',
    quote: 'Ship small, learn fast, and keep shipping.',
    bio: 'Otieno builds payment systems used by millions of Kenyans. He taught himself to code in a cyber café in Kisumu and now mentors developers moving from their first job to senior roles, including remote work for international teams.',
    topics: ['Tech Careers', 'Career Growth'],
    languages: ['English', 'Kiswahili', 'Luo'],
    ranking: 96,
    years: '8-10',
    hours: 'Tue,Thu 19-22; Sun 14-17',
  },
  {
    name: 'Achieng Atieno',
    gender: 'Female',
    industry: 'Healthcare',
    occupation: 'Clinical Psychologist',
    quote: 'Healing is not linear, and that is okay.',
    bio: 'Achieng is a counselling psychologist with a practice in Nairobi. She works with young adults on anxiety, burnout and life transitions, and speaks often about breaking the stigma around mental health at work.',
    topics: ['Mental Wellness', 'Relationships', 'Work-Life Balance'],
    languages: ['English', 'Kiswahili', 'Luo'],
    ranking: 95,
    years: '10+',
    hours: 'Mon,Tue,Thu 9-12; Wed 14-17',
  },
  {
    name: 'Kiprono Langat',
    gender: 'Male',
    industry: 'Agriculture',
    occupation: 'Agribusiness Consultant',
    quote: 'The best time to plant a tree was twenty years ago. The second best time is now.',
    bio: 'Kiprono grew up on a tea farm in Kericho and now advises farmer groups on avocado, dairy and poultry value chains. He helps young people see farming as a business with real returns.',
    topics: ['Agribusiness', 'Entrepreneurship'],
    languages: ['English', 'Kiswahili', 'Kalenjin'],
    ranking: 90,
    years: '8-10',
    hours: 'Mon,Fri 6-9; Sat 6-11',
  },
  {
    name: 'Njeri Mwangi',
    gender: 'Female',
    industry: 'Human Resources',
    occupation: 'HR Director',
    quote: 'Your network is your net worth, so tend it well.',
    bio: 'Njeri has hired for banks, telcos and NGOs for fifteen years. She knows what recruiters look for and coaches people through CVs, interviews, salary talks and their first promotion.',
    topics: ['Job Search & CVs', 'Career Growth', 'Leadership'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 94,
    years: '10+',
    hours: 'Tue,Wed,Thu 17-20',
  },
  {
    name: 'Mutua Musyoka',
    gender: 'Male',
    industry: 'Education',
    occupation: 'Secondary School Principal',
    quote: 'Children learn more from what you are than what you teach.',
    bio: 'Mutua has led schools in Machakos and Nairobi for eighteen years. A father of three, he mentors parents and new school leaders on discipline with dignity, motivation and raising responsible teenagers.',
    topics: ['Parenting', 'Leadership'],
    languages: ['English', 'Kiswahili', 'Kamba'],
    ranking: 82,
    years: '10+',
    hours: 'Sat 9-12; Sun 14-18',
  },
  {
    name: 'Amina Hassan',
    gender: 'Female',
    industry: 'Media & Communications',
    occupation: 'Broadcast Journalist',
    quote: 'Say it simply, say it with heart.',
    bio: 'Amina has presented radio and TV news for over a decade in Mombasa and Nairobi. She trains professionals to speak with confidence on stage, on camera and in the boardroom.',
    topics: ['Public Speaking', 'Digital Marketing'],
    languages: ['English', 'Kiswahili', 'Arabic'],
    ranking: 88,
    years: '10+',
    hours: 'Mon,Wed,Fri 13-16',
  },
  {
    name: 'Wafula Barasa',
    gender: 'Male',
    industry: 'Banking & Finance',
    occupation: 'Investment Analyst',
    quote: 'Do not save what is left after spending; spend what is left after saving.',
    bio: 'Wafula analyses East African stocks and bonds for an investment firm. He explains treasury bills, unit trusts and the NSE in plain language, and helps first-time investors build a plan they can keep.',
    topics: ['Personal Finance', 'Career Growth'],
    languages: ['English', 'Kiswahili', 'Luhya'],
    ranking: 86,
    years: '5-7',
    hours: 'Tue,Thu 19-21; Sat 10-12',
  },
  {
    name: 'Chebet Jepkoech',
    gender: 'Female',
    industry: 'Healthcare',
    occupation: 'Nutritionist and Wellness Coach',
    quote: 'Take care of your body. It is the only place you have to live.',
    bio: 'Chebet is a registered nutritionist from Eldoret who has worked with athletes and busy professionals. She helps people build habits of food, movement and rest that fit a demanding life.',
    topics: ['Mental Wellness', 'Work-Life Balance'],
    languages: ['English', 'Kiswahili', 'Kalenjin'],
    ranking: 79,
    years: '5-7',
    hours: 'Mon,Tue,Wed,Thu,Fri 6-8',
  },
  {
    name: 'Kamau Githinji',
    gender: 'Male',
    industry: 'Hospitality & Tourism',
    occupation: 'Hotel General Manager',
    quote: 'Service is the rent we pay for our place in the world.',
    bio: 'Kamau rose from waiter to general manager of a Nairobi hotel. He mentors people on leading large teams, handling difficult customers and starting hospitality businesses of their own.',
    topics: ['Leadership', 'Entrepreneurship'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 77,
    years: '10+',
    hours: 'Wed,Sun 15-18',
  },
  {
    name: 'Nyambura Ndungu',
    gender: 'Female',
    industry: 'Law',
    occupation: 'Advocate of the High Court',
    quote: 'Know your rights, and you will know your worth.',
    bio: 'Nyambura is a commercial lawyer who advises start-ups on contracts, registration and intellectual property. She also mentors young lawyers and women building careers in male-dominated fields.',
    topics: ['Career Growth', 'Leadership', 'Entrepreneurship'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 84,
    years: '8-10',
    hours: 'Tue,Thu 7-9; Sat 13-15',
  },
  {
    name: 'Ochieng Owino',
    gender: 'Male',
    industry: 'Energy',
    occupation: 'Renewable Energy Engineer',
    quote: 'Curiosity is the engine of every career.',
    bio: 'Ochieng designs solar and geothermal projects across the Rift Valley. He mentors engineering graduates on landing their first role, getting registered, and building technical careers in Kenya and abroad.',
    topics: ['Tech Careers', 'Career Growth', 'Study & Scholarships'],
    languages: ['English', 'Kiswahili', 'Luo'],
    ranking: 74,
    years: '5-7',
    hours: 'Mon,Thu 18-21',
  },
  {
    name: 'Mwende Kioko',
    gender: 'Female',
    industry: 'Non-profit & Development',
    occupation: 'Programme Manager',
    quote: 'If you want to go fast, go alone. If you want to go far, go together.',
    bio: 'Mwende manages youth employment programmes for an international NGO. She coaches emerging leaders on managing teams and donors, and on speaking up in rooms where decisions are made.',
    topics: ['Leadership', 'Public Speaking'],
    languages: ['English', 'Kiswahili', 'Kamba'],
    ranking: 81,
    years: '8-10',
    hours: 'Tue,Wed 9-11; Fri 14-17',
  },
  {
    name: 'Abdi Mohamed',
    gender: 'Male',
    industry: 'Real Estate',
    occupation: 'Property Developer',
    quote: 'Buy land, they are not making it any more, but buy it wisely.',
    bio: 'Abdi started with one rental unit in Eastleigh and now develops apartments in three counties. He mentors people on saving for property, avoiding land fraud, financing and running rentals.',
    topics: ['Entrepreneurship', 'Personal Finance'],
    languages: ['English', 'Kiswahili', 'Somali'],
    ranking: 76,
    years: '10+',
    hours: 'Sat,Sun 9-12',
  },
  {
    name: 'Akinyi Adhiambo',
    gender: 'Female',
    industry: 'Technology',
    occupation: 'Product Manager',
    quote: 'Fall in love with the problem, not the solution.',
    bio: 'Akinyi leads product for a Nairobi fintech. She moved from customer support into product management and helps others make the switch into tech, build strong portfolios and keep a life outside work.',
    topics: ['Tech Careers', 'Digital Marketing', 'Work-Life Balance'],
    languages: ['English', 'Kiswahili', 'Luo'],
    ranking: 92,
    years: '5-7',
    hours: 'Mon,Wed 19-22; Sat 14-16',
  },
  {
    name: 'Kibet Rotich',
    gender: 'Male',
    industry: 'Manufacturing',
    occupation: 'Operations Manager',
    quote: 'What gets measured gets improved.',
    bio: 'Kibet runs operations for a food processing plant in Nakuru with three hundred staff. He mentors supervisors stepping into management and anyone who wants to run things better, with less stress.',
    topics: ['Leadership', 'Career Growth'],
    languages: ['English', 'Kiswahili', 'Kalenjin'],
    ranking: 71,
    years: '10+',
    hours: 'Tue,Thu 20-22; Sun 16-19',
  },
  {
    name: 'Wairimu Njoroge',
    gender: 'Female',
    industry: 'Education',
    occupation: 'Career Counsellor',
    quote: 'Education is the passport to the future.',
    bio: 'Wairimu is a university career counsellor who has guided thousands of students through course choices, CVs, internships and scholarship applications, and supports parents through these decisions too.',
    topics: ['Job Search & CVs', 'Study & Scholarships', 'Parenting'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 89,
    years: '10+',
    hours: 'Mon,Tue,Wed,Thu 14-17',
  },
  {
    name: 'Juma Bakari',
    gender: 'Male',
    industry: 'Hospitality & Tourism',
    occupation: 'Tour Operator',
    quote: 'Haba na haba hujaza kibaba.',
    bio: 'Juma built a tour company in Malindi from a single minibus. He mentors young entrepreneurs on starting with little, winning customers online and growing a business through tough seasons.',
    topics: ['Entrepreneurship', 'Public Speaking', 'Digital Marketing'],
    languages: ['English', 'Kiswahili', 'Arabic'],
    ranking: 73,
    years: '8-10',
    hours: 'Fri 18-21; Sat 15-18',
  },
  {
    name: 'Naliaka Simiyu',
    gender: 'Female',
    industry: 'Healthcare',
    occupation: 'Paediatrician',
    quote: 'It takes a village to raise a child.',
    bio: 'Naliaka is a children’s doctor in Kakamega and a mother of two. She mentors parents on child health, development and balancing a demanding career with family life.',
    topics: ['Parenting', 'Work-Life Balance'],
    languages: ['English', 'Kiswahili', 'Luhya'],
    ranking: 80,
    years: '8-10',
    hours: 'Wed 19-21; Sat 7-10',
  },
  {
    name: 'Muriuki Kariuki',
    gender: 'Male',
    industry: 'Banking & Finance',
    occupation: 'Chartered Accountant',
    quote: 'Cash flow is the oxygen of every business.',
    bio: 'Muriuki audits and advises small and medium businesses. He helps founders keep proper books, understand their numbers, prepare for financing and stay on the right side of KRA.',
    topics: ['Personal Finance', 'Entrepreneurship'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 78,
    years: '10+',
    hours: 'Mon,Tue 17-19; Thu 8-10',
  },
  {
    name: 'Moraa Nyaboke',
    gender: 'Female',
    industry: 'Media & Communications',
    occupation: 'Marketing Strategist',
    quote: 'People do not buy what you do; they buy why you do it.',
    bio: 'Moraa has built brands for consumer goods companies and small businesses in Kisii and Nairobi. She mentors founders and marketers on social media, storytelling and growing a loyal audience.',
    topics: ['Digital Marketing', 'Public Speaking'],
    languages: ['English', 'Kiswahili', 'Ekegusii'],
    ranking: 85,
    years: '5-7',
    hours: 'Tue,Fri 11-15',
  },
  {
    name: 'Omondi Okoth',
    gender: 'Male',
    industry: 'Agriculture',
    occupation: 'Dairy Farmer and Cooperative Chair',
    quote: 'A farmer who plans is a farmer who profits.',
    bio: 'Omondi runs a dairy farm and chairs a cooperative of four hundred farmers near Kisumu. He mentors young farmers on record keeping, cooperatives, financing and getting fair prices.',
    topics: ['Agribusiness', 'Leadership'],
    languages: ['English', 'Kiswahili', 'Luo'],
    ranking: 70,
    years: '10+',
    hours: 'Mon,Wed,Fri 6-8; Sun 19-21',
  },
  {
    name: 'Claire Uwase',
    gender: 'Female',
    industry: 'Non-profit & Development',
    occupation: 'Country Director',
    quote: 'Lead with courage and listen with humility.',
    bio: 'Claire leads a regional education charity from Nairobi and has worked in Kigali, Kinshasa and Geneva. She mentors women leaders and students applying for international study and fellowships.',
    topics: ['Leadership', 'Study & Scholarships', 'Relationships'],
    languages: ['English', 'French', 'Kiswahili'],
    ranking: 87,
    years: '10+',
    hours: 'Thu 9-12; Sat 16-19',
  },
  {
    name: 'Kevin Maina',
    gender: 'Male',
    industry: 'Technology',
    occupation: 'Data Scientist',
    quote: 'In God we trust; all others must bring data.',
    bio: 'Kevin builds credit scoring models for a mobile lender and earned a master’s degree on scholarship. He mentors people moving into data careers and applying for technical studies abroad.',
    topics: ['Tech Careers', 'Study & Scholarships', 'Career Growth'],
    languages: ['English', 'Kiswahili', 'Kikuyu'],
    ranking: 83,
    years: '5-7',
    hours: 'Tue,Wed,Thu 20-22; Sun 10-12',
  },
];

export const demoMentors: DemoMentor[] = rows.map(({ hours, ...row }, index) => {
  const number = String(index + 1).padStart(2, '0');
  const [first = '', last = ''] = row.name.toLowerCase().split(' ');
  return {
    ...row,
    photo: `m${number}`,
    email: `${first}.${last}@myprosper.test`,
    phone: `2547220000${number}`,
    availability: weekly(hours),
  };
});

/** The demo mentor account: every weekday 09:00-17:00 except the lunch hour. */
export const demoMentorAccount: DemoMentor = {
  photo: 'm25',
  name: 'Grace Wambui',
  email: 'mentor@myprosper.test',
  phone: '254722000025',
  gender: 'Female',
  industry: 'Human Resources',
  occupation: 'Leadership and Career Coach',
  quote: 'Where there is a will, there is a way.',
  bio: 'Grace coaches managers and young professionals on careers, leadership and balance. After fifteen years in HR at a Kenyan bank she started her own coaching practice, and has mentored more than three hundred people.',
  topics: ['Career Growth', 'Leadership', 'Work-Life Balance', 'Public Speaking'],
  languages: ['English', 'Kiswahili', 'Kikuyu'],
  ranking: 97,
  years: '10+',
  availability: weekly('Mon,Tue,Wed,Thu,Fri 9-17'),
};
