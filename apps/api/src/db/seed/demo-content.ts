/** Reference lists, FAQs, testimonials and prices of the demo data. */

export const demoIndustries = [
  'Agriculture',
  'Banking & Finance',
  'Education',
  'Energy',
  'Healthcare',
  'Hospitality & Tourism',
  'Human Resources',
  'Law',
  'Manufacturing',
  'Media & Communications',
  'Non-profit & Development',
  'Real Estate',
  'Technology',
];

/** In the order people pick them: the common ones first. */
export const demoLanguages = [
  'English',
  'Kiswahili',
  'Kikuyu',
  'Luo',
  'Kalenjin',
  'Luhya',
  'Kamba',
  'Ekegusii',
  'Somali',
  'Arabic',
  'French',
];

export const demoLeadSources = [
  'Facebook',
  'Instagram',
  'LinkedIn',
  'Twitter/X',
  'Google',
  'A friend',
  'Event',
  'Other',
];

export interface DemoFaq {
  userType: 'ADVISEE' | 'ADVISOR';
  question: string;
  answer: string;
}

export const demoFaqs: DemoFaq[] = [
  {
    userType: 'ADVISEE',
    question: 'What is MyProsper?',
    answer:
      'MyProsper connects you with experienced Kenyan professionals for personalised, affordable advice on demand. You pick a program, choose a mentor and talk to them in a one-hour video session.',
  },
  {
    userType: 'ADVISEE',
    question: 'How do I book a session?',
    answer:
      'Sign up, open a program or a mentor profile and press Book mentor. Choose a date and an hour that suits you, pay, and the session appears under Sessions with a link to join the call.',
  },
  {
    userType: 'ADVISEE',
    question: 'How much does a session cost?',
    answer:
      'An individual one-hour session costs {individualPrice} including VAT. A group session costs {groupPrice} including VAT, shared equally among the people who attend.',
  },
  {
    userType: 'ADVISEE',
    question: 'How can I pay?',
    answer:
      'You can pay with M-PESA, a debit or credit card, a gift voucher or the balance in your MyProsper wallet.',
  },
  {
    userType: 'ADVISEE',
    question: 'What is a group session?',
    answer:
      'A group session lets you invite friends or colleagues to the same call with a mentor. The price is shared among the people who attend, and everyone joins from their own device.',
  },
  {
    userType: 'ADVISEE',
    question: 'Can I reschedule a session?',
    answer:
      'Yes. Open the session under Sessions and choose Reschedule to pick another free hour with the same mentor.',
  },
  {
    userType: 'ADVISEE',
    question: 'What do I need for the video call?',
    answer:
      'A phone or computer with a camera, a microphone and a stable internet connection. No app to install: the call runs in your browser.',
  },
  {
    userType: 'ADVISEE',
    question: 'Can I give a session as a gift?',
    answer:
      'Yes. Buy a gift voucher for a friend, choose the program and the mentor, and add a personal note. We send it to them with your note.',
  },
  {
    userType: 'ADVISOR',
    question: 'Who can become a mentor?',
    answer:
      'Professionals with real experience in their field who enjoy helping others grow. Apply through Become a Mentor; our team reviews every application.',
  },
  {
    userType: 'ADVISOR',
    question: 'How do I get paid?',
    answer:
      'Your earnings from every completed session go to your MyProsper wallet. Set your payment preference (M-PESA or bank) in your profile to withdraw.',
  },
  {
    userType: 'ADVISOR',
    question: 'How do I choose when I am available?',
    answer:
      'Under Profile, open your time settings and pick the days and hours you are free. Mentees can only book the hours you have chosen.',
  },
  {
    userType: 'ADVISOR',
    question: 'How much time does mentoring take?',
    answer:
      'As much as you choose. Each session lasts one hour, and you decide how many hours a week you offer.',
  },
  {
    userType: 'ADVISOR',
    question: 'What happens if I cannot make a session?',
    answer:
      'Let the mentee know as early as possible and reschedule with them from the session page so they are not left waiting.',
  },
];

export interface DemoTestimonial {
  testimonial: string;
  name: string;
  position: string;
}

export const demoTestimonials: DemoTestimonial[] = [
  {
    testimonial: '/media/intro-1.webm',
    name: 'Brian Kiprop',
    position: 'University student, Eldoret',
  },
  {
    testimonial: '/media/intro-2.webm',
    name: 'Mercy Wanjala',
    position: 'Accountant, Nairobi',
  },
  {
    testimonial: '/media/intro-3.webm',
    name: 'Hassan Ali',
    position: 'Small business owner, Mombasa',
  },
  {
    testimonial: '/media/intro-4.webm',
    name: 'Lucy Chepngeno',
    position: 'Avocado farmer, Kericho',
  },
  {
    testimonial: '/media/intro-1.webm',
    name: 'Dennis Omollo',
    position: 'Junior developer, Kisumu',
  },
  {
    testimonial: '/media/intro-2.webm',
    name: 'Purity Nduta',
    position: 'New mother and teacher, Nyeri',
  },
];

export const demoPricing = [
  { priceType: 'INDIVIDUAL' as const, baseSessionPrice: 2500, vatTax: 16 },
  { priceType: 'GROUP' as const, baseSessionPrice: 6000, vatTax: 16 },
];

export const demoAdvisee = {
  name: 'Faith Njoki',
  email: 'advisee@myprosper.test',
  // 0712345678 in the stored international form.
  phoneNumber: '254712345678',
  gender: 'Female',
  occupation: 'Marketing Assistant',
  country: 'Kenya',
  profilePicUrl: '/images/mentors/advisee.webp',
};

export const demoAdmin = {
  name: 'MyProsper Admin',
  email: 'admin@myprosper.test',
  phoneNumber: '254700000001',
  country: 'Kenya',
};
