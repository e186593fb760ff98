import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { advisorTerms } from '@myprosper/contract/advisor-application';
import type { Page } from '@playwright/test';
import {
  acceptCookies,
  applicationPhoneProof,
  demo,
  lastMessageId,
  latestMessageTo,
  linkIn,
  phoneCodeFromOutbox,
  showEveryMentor,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, type OtherBrowser, test } from './support/fixtures.ts';

const video = readFileSync(resolve(import.meta.dirname, '../../api/test/fixtures/tiny.webm'));
const password = 'Kilima#2026';

function uniqueRun() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const letters = id.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  return {
    name: `Baraka Ochieng${letters.slice(-6).replace(/^./, (c) => c.toUpperCase())}`,
    email: `mentor-${id}@example.test`,
    phone: `072${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  };
}

/** A real PNG drawn in the page: a 320 x 240 picture with something to crop. */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#0b7285';
    context.fillRect(0, 0, 320, 240);
    context.fillStyle = '#ffd43b';
    context.beginPath();
    context.arc(160, 120, 70, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** A text field by its label (labels of required fields end with a decorative *). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, label: string, option?: string): Promise<void> {
  await field(page, label).click();
  const item = option
    ? page.getByRole('option', { name: option, exact: true })
    : page.getByRole('option').first();
  await item.click();
}

const formMessage = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'Username').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function approveAsAdmin(otherBrowser: () => Promise<OtherBrowser>, name: string): Promise<void> {
  const { context, page } = await otherBrowser();
  await signIn(page, demo.admin);
  await page.goto('/');
  const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
  if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: isPhone ? 'Menu' : 'Main' })
    .getByRole('link', { name: 'Admin' })
    .click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  const card = page.getByRole('article', { name });
  await expect(card.locator('video')).toHaveAttribute('src', /\/uploads\//);
  await expect(card.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Application approved: ${name}`)).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  await context.close();
}

test('a mentor applies in three steps, waits for review, is approved and goes public', async ({
  page,
  otherBrowser,
}) => {
  test.setTimeout(240_000);
  const run = uniqueRun();
  await acceptCookies(page);
  await page.goto('/new_advisor');
  await expect(page).toHaveTitle(/Become a Mentor/);
  const next = page.getByRole('button', { name: 'Next' });

  // Step 1: Bio Data.
  await next.click();
  await expect(formMessage(page, 'Please fill all fields')).toBeVisible();
  await field(page, 'Full name').fill(run.name);
  await field(page, 'Email').fill(run.email);
  await field(page, 'Phone number').fill(run.phone);
  // The phone is proven by the code sent to it (read from the sandbox outbox), before Next lets them on.
  const smsBefore = await lastMessageId(page.request, storedPhone(run.phone));
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await phoneCodeFromOutbox(page.request, storedPhone(run.phone), smsBefore);
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is verified')).toBeVisible();
  // Said before any submit (issue 27): which passwords the server refuses.
  await expect(field(page, 'Password')).toHaveAccessibleDescription(
    'At least 8 characters. Very common passwords, and ones with MyProsper, your name or your e-mail, are refused',
  );
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await field(page, 'Date of birth').fill('1984-02-20');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await field(page, 'LinkedIn profile').fill('linkedin.com/in/baraka-ochieng');
  await field(page, 'Favourite quote').fill('Leave every place better than you found it.');
  await field(page, 'Biography').fill(
    'Twenty years in banking and fintech, from teller to chief operating officer.',
  );
  await expect(page.getByText(/\d+\/400 characters/)).toBeVisible();
  // What was typed survives a reload (issue 27), the proven phone too; the passwords are typed again.
  await page.reload();
  await expect(field(page, 'Full name')).toHaveValue(run.name);
  await expect(field(page, 'Email')).toHaveValue(run.email);
  await expect(field(page, 'Favourite quote')).toHaveValue('Leave every place better than you found it.');
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeChecked();
  await expect(page.getByText('Your phone number is verified')).toBeVisible();
  await expect(field(page, 'Password')).toHaveValue('');
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await next.click();
  await expect(formMessage(page, 'Please upload profile image')).toBeVisible();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(page) });
  await expect(page.getByTestId('image-cropper')).toBeVisible();
  await next.click();
  await expect(formMessage(page, 'Please finish cropping profile image')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('img', { name: 'Profile photo' })).toBeVisible();
  // Before any upload (issue 27), step 1 says what sign-up says of an e-mail or a number already registered.
  await field(page, 'Email').fill(demo.advisee);
  await next.click();
  await expect(formMessage(page, 'An account with this email already exists')).toBeVisible();
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Email').fill(run.email);
  // The demo mentor's verified number.
  await field(page, 'Phone number').fill('0722000025');
  await next.click();
  await expect(formMessage(page, 'An account with this phone number already exists')).toBeVisible();
  await expect(field(page, 'Phone number')).toHaveAttribute('aria-invalid', 'true');
  // Their own number again: proven already, so Next goes on.
  await field(page, 'Phone number').fill(run.phone);
  await expect(page.getByText('Your phone number is verified')).toBeVisible();
  await next.click();

  // Step 2: Interest & Expertise.
  await expect(field(page, 'Occupation')).toBeVisible();
  await next.click();
  await expect(formMessage(page, 'Please fill all fields')).toBeVisible();
  await choose(page, 'Industry');
  await field(page, 'Occupation').fill('Chief Operating Officer');
  await choose(page, 'Years of professional work experience', 'More than 20 years');
  await choose(page, 'Size of your organisation');
  await choose(page, 'Level of advisees you would like to mentor');
  await choose(page, 'How comfortable are you working with new advisees?');
  await next.click();
  await expect(formMessage(page, 'Please select at least a topic')).toBeVisible();
  const topics = page.getByRole('checkbox');
  for (let index = 0; index < 6; index++) await topics.nth(index).check();
  await next.click();
  await expect(formMessage(page, 'You can only select upto five topics')).toBeVisible();
  await topics.nth(5).uncheck();
  await next.click();
  await expect(formMessage(page, 'Please upload a video')).toBeVisible();
  const videoInput = page.locator('input[type="file"]');
  await videoInput.setInputFiles({ name: 'intro.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await next.click();
  await expect(formMessage(page, 'The file must be a video file')).toBeVisible();
  // A video the server would refuse (it keeps MP4, WebM and MOV) is refused at once, before any upload.
  await videoInput.setInputFiles({ name: 'intro.avi', mimeType: 'video/x-msvideo', buffer: video });
  await expect(formMessage(page, 'The video must be an MP4, WebM or MOV file')).toBeVisible();
  await next.click();
  await expect(field(page, 'Occupation')).toBeVisible();
  await expect(formMessage(page, 'The video must be an MP4, WebM or MOV file')).toHaveCount(1);
  await videoInput.setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: video });
  await expect(page.getByText('intro.webm')).toBeVisible();
  await next.click();

  // Step 3: Submit for Review.
  await expect(page.getByRole('heading', { name: run.name })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('intro.webm')).toBeVisible();
  await next.click();
  const submit = page.getByRole('button', { name: 'Submit for Review', exact: true });
  await submit.click();
  await expect(formMessage(page, 'Please accept terms')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(run.email)).toBeVisible();

  // The e-mailed link confirms the address (the application keeps its photo and video only then).
  const confirm = await latestMessageTo(page.request, run.email);
  expect(confirm.subject).toBe('Confirm your MyProsper e-mail address');
  await page.goto(new URL(linkIn(confirm.body, '/verify-email/')).pathname);
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();

  // Until approved, the mentor cannot log in.
  await logIn(page, run.email);
  await expect(page.getByText('Your mentor application is still under review').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await approveAsAdmin(otherBrowser, run.name);

  await logIn(page, run.email);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('ADVISOR');

  // The public mentor list shows them (a mentor's own list leaves them out).
  const visitor = await otherBrowser();
  await visitor.page.goto('/advisors');
  await showEveryMentor(visitor.page);
  await expect(visitor.page.getByText(run.name, { exact: true }).first()).toBeVisible();
  await visitor.context.close();
});

test('the review page is for admins only', async ({ page }) => {
  await signIn(page, demo.advisee);
  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/$/);
});

test('an admin rejects an application with a reason, which the applicant receives', async ({ page }) => {
  const run = uniqueRun();
  await acceptCookies(page);
  await page.goto('/');
  const topics = (await (await page.request.get('/myprosper/api/getLiveTopics')).json()) as {
    data: Array<{ id: number }>;
  };
  const industries = (await (await page.request.get('/myprosper/api/getIndustries')).json()) as {
    data: Array<{ id: number }>;
  };
  const application = {
    name: run.name,
    email: run.email,
    phoneNumber: run.phone,
    password,
    confirmPassword: password,
    dob: '1990-01-01',
    gender: 'Female',
    linkedInUrl: 'https://www.linkedin.com/in/someone',
    favouriteQuote: 'Keep going.',
    biography: 'Ten years in marketing.',
    occupation: 'Marketing Lead',
    yrsOfProfessionalWorkExperience: '6 - 10 years',
    sizeOfOrganization: '11 - 50 employees',
    levelOfAdvisee: 'All levels',
    ratingForWorkingWithNewAdvisees: '4 - Comfortable',
    industryId: String(industries.data[0]?.id),
    topics: String(topics.data[0]?.id),
    country: 'Kenya',
    termsAccepted: 'true',
    phoneProof: await applicationPhoneProof(page.request, run.phone),
    profilePic: { name: 'me.png', mimeType: 'image/png', buffer: await makePng(page) },
    video: { name: 'intro.webm', mimeType: 'video/webm', buffer: video },
  };
  const applied = await page.request.post('/myprosper/auth/registerAdvisor', { multipart: application });
  expect(applied.ok()).toBe(true);
  const before = await lastMessageId(page.request, run.email);

  await signIn(page, demo.admin);
  await page.goto('/admin/applications');
  const card = page.getByRole('article', { name: run.name });
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('We need mentors with more experience in this topic.');
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(page.getByText(`Application rejected: ${run.name}`)).toBeVisible();
  await expect(page.getByRole('article', { name: run.name })).toHaveCount(0);
  const mail = await latestMessageTo(page.request, run.email, { after: before });
  expect(mail.body).toContain('We need mentors with more experience in this topic.');

  // Someone with only the e-mail (another password) changes nothing: the address is mailed a reset link.
  const beforeTakeover = await lastMessageId(page.request, run.email);
  const takeover = await page.request.post('/myprosper/auth/registerAdvisor', {
    multipart: { ...application, password: 'Takeover#2026x', confirmPassword: 'Takeover#2026x' },
  });
  expect((await takeover.json()).message).toBe(
    'Thank you. Check your e-mail to continue: we sent you a message about your application.',
  );
  const told = await latestMessageTo(page.request, run.email, { after: beforeTakeover });
  expect(told.body).toContain('did not keep it');

  // Rejected, they may apply again with the same e-mail and their password; the admin sees the terms and the
  // earlier application.
  const again = await page.request.post('/myprosper/auth/registerAdvisor', {
    multipart: { ...application, occupation: 'Head of Marketing', termsVersion: advisorTerms.version },
  });
  expect(again.ok(), await again.text()).toBe(true);
  await page.reload();
  const second = page.getByRole('article', { name: run.name });
  await expect(second.getByText(/Head of Marketing/)).toBeVisible();
  await expect(second.getByText(`Version ${advisorTerms.version}`, { exact: false })).toBeVisible();
  await expect(
    second.getByText(/: rejected .* — We need mentors with more experience in this topic\.$/),
  ).toBeVisible();
});
