/** The demo programs (topics): what a visitor browses first. Images are in apps/web/public/images/topics. */

export interface DemoTopic {
  /** File name of the image, and a stable key. */
  slug: string;
  name: string;
  tagLine: string;
  video: string;
  tips: string[];
}

export const demoVideos = [
  '/media/intro-1.webm',
  '/media/intro-2.webm',
  '/media/intro-3.webm',
  '/media/intro-4.webm',
];

const video = (n: number) => demoVideos[n % demoVideos.length]!;

export const demoTopics: DemoTopic[] = [
  {
    slug: 'career-growth',
    name: 'Career Growth',
    tagLine: 'Find your next step and take it with confidence',
    video: video(0),
    tips: [
      'Write down where you want to be in three years, then work backwards to this quarter',
      'Ask for feedback after every big piece of work, not only at appraisal time',
      'Build relationships across departments: opportunities travel through people',
      'Keep a running list of your wins so promotion conversations are easy',
      'Learn one skill each year that your next role will need',
    ],
  },
  {
    slug: 'personal-finance',
    name: 'Personal Finance',
    tagLine: 'Make every shilling work for you',
    video: video(1),
    tips: [
      'Pay yourself first: move savings out on payday, before spending starts',
      'Build an emergency fund of three to six months of expenses',
      'Compare money market funds, SACCOs and treasury bills before you invest',
      'Avoid digital loans for consumption; borrow only for what earns',
      'Track your spending for one month to see where the money really goes',
    ],
  },
  {
    slug: 'entrepreneurship',
    name: 'Entrepreneurship',
    tagLine: 'Turn your idea into a business that lasts',
    video: video(2),
    tips: [
      'Talk to twenty potential customers before you spend on stock or branding',
      'Keep business and personal money in separate accounts from day one',
      'Register your business and understand your KRA obligations early',
      'Start small, sell early, and let customers shape the product',
      'Know your numbers: margin, cash flow and cost of getting a customer',
    ],
  },
  {
    slug: 'leadership',
    name: 'Leadership',
    tagLine: 'Lead people, not just tasks',
    video: video(3),
    tips: [
      'Hold regular one-on-ones and listen more than you speak',
      'Give credit in public and correct in private',
      'Delegate outcomes, not instructions',
      'Make decisions with the information you have and explain why',
      'Grow someone who can do your job',
    ],
  },
  {
    slug: 'mental-wellness',
    name: 'Mental Wellness',
    tagLine: 'Look after the mind that carries you',
    video: video(0),
    tips: [
      'Protect your sleep: it is the foundation of everything else',
      'Name what you feel; it takes away some of its power',
      'Move your body for at least twenty minutes a day',
      'Limit the news and social media you take in before bed',
      'Reach out early: talking to someone is a sign of strength',
    ],
  },
  {
    slug: 'relationships',
    name: 'Relationships',
    tagLine: 'Build connections that lift you up',
    video: video(1),
    tips: [
      'Listen to understand, not to reply',
      'Agree on how you handle money before it becomes a conflict',
      'Set boundaries kindly and keep them',
      'Make time for each other even in busy seasons',
    ],
  },
  {
    slug: 'parenting',
    name: 'Parenting',
    tagLine: 'Raise confident, kind and curious children',
    video: video(2),
    tips: [
      'Spend a few minutes of undivided attention with each child every day',
      'Praise effort rather than results',
      'Agree on screen time rules together and model them yourself',
      'Let children make small decisions and live with the outcome',
      'Talk openly about money, values and feelings at home',
    ],
  },
  {
    slug: 'tech-careers',
    name: 'Tech Careers',
    tagLine: 'Break into tech and keep growing in it',
    video: video(3),
    tips: [
      'Build small real projects and put them on GitHub',
      'Pick one stack and go deep before going wide',
      'Join a local community such as a developer meetup or hackathon',
      'Learn to explain technical work to people who are not technical',
      'Remote roles are open to Kenyan talent: prepare a strong online profile',
      'Read other people\u2019s code as much as you write your own',
    ],
  },
  {
    slug: 'public-speaking',
    name: 'Public Speaking',
    tagLine: 'Speak so that people listen and remember',
    video: video(0),
    tips: [
      'Know your opening and closing lines by heart',
      'Tell one story: people remember stories, not slides',
      'Rehearse out loud, standing, at least three times',
      'Pause instead of filling silence with filler words',
    ],
  },
  {
    slug: 'agribusiness',
    name: 'Agribusiness',
    tagLine: 'Farm as a business, from soil to market',
    video: video(1),
    tips: [
      'Test your soil before you decide what to plant',
      'Find your buyer before you plant, not after you harvest',
      'Keep farm records: costs, yields and prices per season',
      'Join a cooperative to buy inputs cheaper and sell in bulk',
      'Add value: processing and packaging often double the margin',
    ],
  },
  {
    slug: 'job-search',
    name: 'Job Search & CVs',
    tagLine: 'Stand out and land the role you want',
    video: video(2),
    tips: [
      'Keep your CV to two pages and lead with achievements, not duties',
      'Tailor your CV and cover letter to every application',
      'Use numbers: how much, how many, how fast',
      'Prepare three stories that show how you solve problems',
      'Follow up politely after every interview',
    ],
  },
  {
    slug: 'work-life-balance',
    name: 'Work-Life Balance',
    tagLine: 'Succeed at work without losing yourself',
    video: video(3),
    tips: [
      'Decide when your work day ends and protect that time',
      'Plan tomorrow before you leave today',
      'Say no to what does not serve your priorities',
      'Schedule rest and family time as you schedule meetings',
    ],
  },
  {
    slug: 'digital-marketing',
    name: 'Digital Marketing',
    tagLine: 'Grow your brand online, one post at a time',
    video: video(0),
    tips: [
      'Know exactly who your customer is before you post anything',
      'Choose two platforms and be consistent on them',
      'Measure what works and do more of it',
      'WhatsApp Business and a simple website go a long way',
    ],
  },
  {
    slug: 'study-scholarships',
    name: 'Study & Scholarships',
    tagLine: 'Plan your studies and fund them wisely',
    video: video(1),
    tips: [
      'Start scholarship applications at least a year before you plan to study',
      'Ask referees early and give them your CV and goals',
      'Write a personal statement that tells your own story',
      'Compare the total cost of study, not only the tuition fees',
      'Check HELB and county bursary deadlines every year',
    ],
  },
];
