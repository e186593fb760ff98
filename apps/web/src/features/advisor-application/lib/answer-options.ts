/** The choices of the Interest & Expertise step (each answer is stored as its text, at most 100 characters). */
export const experienceOptions = [
  'Less than 3 years',
  '3 - 5 years',
  '6 - 10 years',
  '11 - 15 years',
  '16 - 20 years',
  'More than 20 years',
];

export const organisationSizeOptions = [
  '1 - 10 employees',
  '11 - 50 employees',
  '51 - 200 employees',
  '201 - 1,000 employees',
  'More than 1,000 employees',
];

export const adviseeLevelOptions = [
  'Students and graduates',
  'Early career professionals',
  'Mid-level professionals',
  'Senior managers',
  'Executives and business owners',
  'All levels',
];

export const comfortRatingOptions = [
  '5 - Very comfortable',
  '4 - Comfortable',
  '3 - Somewhat comfortable',
  '2 - A little uncomfortable',
  '1 - Not comfortable',
];
