import { describe, expect, it } from 'vitest';
import {
  advisorTerms,
  readApplicationFields,
  readList,
  tidyApplication,
  validateAdvisorApplication,
  validateBioData,
  validateExpertise,
  validateTerms,
} from './advisor-application.ts';

const today = '2026-03-15';
const form = {
  email: 'njeri@example.com',
  name: 'Njeri Mwangi',
  phoneNumber: '0712 123456',
  password: 'Mentor#2026',
  confirmPassword: 'Mentor#2026',
  dob: '1985-03-09',
  gender: 'Female',
  source: '',
  linkedInUrl: 'linkedin.com/in/njeri',
  favouriteQuote: 'Small steps.',
  biography: 'Banker.',
  occupation: 'Director',
  yrsOfProfessionalWorkExperience: '15+',
  sizeOfOrganization: '500+',
  levelOfAdvisee: 'Mid-career',
  ratingForWorkingWithNewAdvisees: '5',
  industryId: '2',
  topics: ['4', '9'],
  country: 'Kenya',
  termsAccepted: 'true',
};
const files = { hasImage: true, isCropped: true, videoFileName: 'intro.mp4' };

describe('step 1, Bio Data', () => {
  it.each([
    'phoneNumber',
    'name',
    'email',
    'password',
    'confirmPassword',
    'gender',
    'biography',
    'favouriteQuote',
    'linkedInUrl',
    'dob',
  ])('requires %s', (field) => {
    expect(validateBioData({ ...form, [field]: ' ' }, files, today)).toEqual({
      field,
      message: 'Please fill all fields',
    });
  });

  it.each([
    [{}, { hasImage: false }, 'Please upload profile image'],
    [{}, { isCropped: false }, 'Please finish cropping profile image'],
    [{ name: 'Njeri' }, {}, 'Please enter your full name'],
    [{ email: 'njeri@' }, {}, 'Invalid email'],
    [{ phoneNumber: '123' }, {}, 'Invalid Phone No'],
    [{ password: 'short', confirmPassword: 'short' }, {}, 'Password must be at least 8 characters'],
    [{ confirmPassword: 'Mentor#2027' }, {}, 'Password does not match'],
    [{ gender: 'Unknown' }, {}, 'Please fill all fields'],
    [{ biography: 'x'.repeat(401) }, {}, 'Biography must be at most 400 characters'],
    [{ favouriteQuote: 'q'.repeat(301) }, {}, 'Favourite quote must be at most 300 characters'],
    [{ linkedInUrl: 'https://example.com/njeri' }, {}, 'Please enter a valid LinkedIn link'],
    [{ dob: '2026-03-16' }, {}, 'Birthday cannot be in the future'],
  ])('%j with files %j -> %s', (overrides, fileOverrides, message) => {
    expect(validateBioData({ ...form, ...overrides }, { ...files, ...fileOverrides }, today)?.message).toBe(
      message,
    );
  });

  it('asks for missing fields before the photo', () => {
    expect(validateBioData({ ...form, name: '' }, { hasImage: false }, today)?.message).toBe(
      'Please fill all fields',
    );
  });
});

describe('step 2, Interest & Expertise', () => {
  it.each([
    'industryId',
    'occupation',
    'yrsOfProfessionalWorkExperience',
    'sizeOfOrganization',
    'levelOfAdvisee',
    'ratingForWorkingWithNewAdvisees',
  ])('requires %s', (field) => {
    expect(validateExpertise({ ...form, [field]: '' }, files)?.message).toBe('Please fill all fields');
  });

  it.each([
    [{ topics: [] }, files, 'Please select at least a topic'],
    [{ topics: ['1', '2', '3', '4', '5', '6'] }, files, 'You can only select upto five topics'],
    [{ topics: ['1', '1'] }, files, 'Topics must be unique'],
    [{ topics: ['x'] }, files, 'Please select at least a topic'],
    [{}, { videoFileName: null }, 'Please upload a video'],
    [{}, { videoFileName: 'intro.txt' }, 'The file must be a video file'],
    [{ occupation: 'o'.repeat(201) }, files, 'Occupation must be at most 200 characters'],
    [{ levelOfAdvisee: 'l'.repeat(101) }, files, 'Please choose an answer from the list'],
  ])('%j with %j -> %s', (overrides, theFiles, message) => {
    expect(validateExpertise({ ...form, ...overrides }, theFiles)?.message).toBe(message);
  });

  it('passes five topics and a named video', () => {
    expect(validateExpertise({ ...form, topics: ['1', '2', '3', '4', '5'] }, files)).toBeNull();
  });
});

describe('step 3, Submit for Review', () => {
  it('needs the terms accepted', () => {
    expect(validateTerms({ ...form, termsAccepted: 'false' })?.message).toBe('Please accept terms');
    expect(validateTerms({ ...form, termsAccepted: undefined })?.message).toBe('Please accept terms');
    expect(validateTerms({ ...form, termsAccepted: true })).toBeNull();
    expect(validateTerms({ ...form, termsAccepted: 'on' })).toBeNull();
  });

  it('needs the terms in force when the form says which ones it showed', () => {
    expect(validateTerms({ ...form, termsVersion: advisorTerms.version })).toBeNull();
    expect(validateTerms({ ...form, termsVersion: '2019-01' })).toEqual({
      field: 'termsAccepted',
      message: 'The terms have changed since you opened this form. Please read them and accept them again.',
    });
    expect(validateTerms({ ...form, termsAccepted: 'false', termsVersion: '2019-01' })?.message).toBe(
      'Please accept terms',
    );
    expect(readApplicationFields({ termsVersion: ' 2026-01 ' }).termsVersion).toBe(' 2026-01 ');
  });
});

describe('the whole application', () => {
  it('reports the first problem of the steps in order', () => {
    const broken = { ...form, topics: [], termsAccepted: 'false' };
    expect(validateAdvisorApplication(broken, files, today)?.message).toBe('Please select at least a topic');
    expect(validateAdvisorApplication(form, files, today)).toBeNull();
  });

  it('reads multipart fields and tidies them for storing', () => {
    expect(readList(['1,2', '3'])).toEqual(['1', '2', '3']);
    expect(readList('[4, 5]')).toEqual(['4', '5']);
    expect(readList(undefined)).toEqual([]);
    const read = readApplicationFields({
      ...form,
      topics: ['4', '9'],
      name: ['First Name', 'Njeri  Mwangi'],
    });
    expect(read.topics).toEqual(['4', '9']);
    expect(tidyApplication(read)).toMatchObject({
      name: 'Njeri Mwangi',
      phoneNumber: '254712123456',
      linkedInUrl: 'https://linkedin.com/in/njeri',
      industryId: 2,
      topics: [4, 9],
      source: null,
      country: 'Kenya',
    });
  });
});
