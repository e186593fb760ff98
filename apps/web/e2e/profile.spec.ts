import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { demo, lastMessageId, latestMessageTo, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// The demo users are shared by every journey of a run (and by both screen sizes): changes here are additive
// or put back, and no password changes.

/** A small solid-colour PNG (width x height), made here so the journey needs no fixture file. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// A seeded mentor no other journey uses: this one replaces their video.
const videoMentor = 'moraa.nyaboke@myprosper.test';
const tinyVideo = readFileSync(resolve(import.meta.dirname, '../../api/test/fixtures/tiny.webm'));

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test('an advisee sees their profile hub, edits their details and uploads a cropped photo', async ({
  page,
}) => {
  await signIn(page, demo.advisee);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(demo.advisee)).toBeVisible();
  const hub = page.getByRole('navigation', { name: 'Account' });
  for (const link of ['Change Password', 'Sessions', 'Wallet', 'Invite a Friend', 'Help']) {
    await expect(hub.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(hub.getByRole('link', { name: 'Payment Preferences' })).toHaveCount(0);
  await hub.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/advisee\/edit$/);

  const update = page.getByRole('button', { name: 'Update' });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('0712 345678');
  await expect(update).toBeDisabled();
  // Asked for only while the e-mail differs from the saved one.
  const currentPassword = page.getByLabel('Current password');
  await expect(currentPassword).toHaveCount(0);

  const occupation = `Marketing Lead ${Date.now().toString(36)}`;
  await chooseOption(page, 'Industry', 'Media & Communications');
  await chooseOption(page, 'Gender', 'Female');
  await page.getByLabel('Birthday').fill('1996-04-12');
  await page
    .getByRole('textbox', { name: 'LinkedIn profile' })
    .fill('https://www.linkedin.com/in/faith-njoki');
  await page.getByRole('textbox', { name: 'Occupation' }).fill(occupation);

  // The spec's messages, before anything is sent.
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await update.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill all fields' })).toBeVisible();
  await email.fill('advisee@myprosper');
  await update.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email' })).toBeVisible();
  // A new e-mail needs the current password (nothing changes here: the wrong one is refused).
  await email.fill('faith.new@example.com');
  await expect(currentPassword).toBeVisible();
  await update.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter your current password to change your email' }),
  ).toBeVisible();
  await currentPassword.fill('Not#MyPassword1');
  await update.click();
  await expect(toast(page, 'Current password is incorrect')).toBeVisible();
  await email.fill(demo.advisee);
  await expect(currentPassword).toHaveCount(0);
  await expect(update).toBeEnabled();
  await update.click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(update).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Occupation' })).toHaveValue(occupation);
  await expect(page.getByRole('textbox', { name: 'Industry' })).toHaveValue('Media & Communications');

  // Photo: choose, crop in the 400 px cropper, Done uploads.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Change photo|Choose image/ }).click();
  await (await chooser).setFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(96, 64, [11, 114, 133]),
  });
  const cropper = page.getByTestId('image-cropper');
  await expect(cropper).toBeVisible();
  expect((await cropper.boundingBox())?.height).toBe(400);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(toast(page, 'Profile photo updated successfully')).toBeVisible();
  await expect(cropper).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Profile photo' })).toHaveAttribute(
    'src',
    /\/uploads\/images\//,
  );
});

test('an advisee fills the self assessment, and the fields clear', async ({ page }) => {
  await signIn(page, demo.advisee);
  await page.goto('/selfAssessment');
  await expect(page.getByRole('heading', { name: 'Self Assessment' })).toBeVisible();
  await expect(page.getByText('Tell us more about yourself')).toBeVisible();
  await expect(page).toHaveTitle(/Self Assessment/);

  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill all fields' })).toBeVisible();

  const answers = {
    'What are you struggling with?': 'Speaking up in meetings',
    'Why do you feel you are struggling in this area?': 'I am new and unsure of myself',
    'How have you addressed it?': 'I prepare notes before each meeting',
    'Additional information': 'I work in a team of twelve.\nMost meetings are in English.',
  };
  for (const [question, answer] of Object.entries(answers)) {
    await page.getByRole('textbox', { name: question }).fill(answer);
  }
  await submit.click();
  await expect(toast(page, 'Self assessment submitted successfully')).toBeVisible();
  for (const question of Object.keys(answers)) {
    await expect(page.getByRole('textbox', { name: question })).toHaveValue('');
  }
});

test('a mentor adds a Sunday hour, sees it offered publicly, and checks the topic rules', async ({
  page,
}) => {
  const mentor = await signIn(page, demo.mentor);
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/advisor\/time$/);
  await expect(page.getByRole('link', { name: 'Update Profile' })).toHaveAttribute(
    'href',
    '/profile/advisor/edit',
  );

  const slot = page.getByRole('button', { name: 'Sunday 08:00 - 09:00' });
  if (!(await slot.isVisible())) await page.getByRole('button', { name: /^Sunday/ }).click();
  const save = page.getByRole('button', { name: 'Save availability' });
  await expect(save).toBeDisabled();
  if ((await slot.getAttribute('aria-pressed')) === 'true') {
    // Left on by an earlier journey: take it off first, so this run sets it again.
    await slot.click();
    await save.click();
    await expect(toast(page, 'Time Slots updated successfully')).toBeVisible();
    await page.locator('.mantine-Notification-root').first().getByRole('button').click();
  }
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await save.click();
  await expect(toast(page, 'Time Slots updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();

  const availability = await page.request.get(`/myprosper/api/getAdvisorAvailability/${mentor.userId}`);
  const { data } = (await availability.json()) as {
    data: {
      sessionAvailabilities: Array<{ dayName: string; sessionTimeSlots: Array<{ startTime: string }> }>;
    };
  };
  const sunday = data.sessionAvailabilities.find((day) => day.dayName === 'Sunday');
  expect(sunday?.sessionTimeSlots.map((s) => s.startTime)).toContain('08:00:00');

  // Topics: a sixth row is refused, and a topic chosen twice is named (nothing is saved).
  const topics = page.getByRole('region', { name: 'Topics' });
  const addTopic = topics.getByRole('button', { name: 'Add topic' });
  while ((await topics.getByRole('textbox', { name: /^Topic \d$/ }).count()) < 5) await addTopic.click();
  await addTopic.click();
  await expect(topics.getByText('You can only select upto five topics')).toBeVisible();
  const first = await topics.getByRole('textbox', { name: 'Topic 1' }).inputValue();
  await topics.getByRole('textbox', { name: 'Topic 5' }).click();
  await page.getByRole('option', { name: first, exact: true }).click();
  await topics.getByRole('button', { name: 'Save topics' }).click();
  await expect(topics.getByText('Topics must be unique')).toBeVisible();
});

test('a mentor edits their profile: biography limit, a new video uploaded at once, then Update', async ({
  page,
}) => {
  await signIn(page, videoMentor);
  await page.goto('/profile/advisor/edit');
  const update = page.getByRole('button', { name: 'Update' });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Moraa Nyaboke');
  await expect(update).toBeDisabled();

  const biography = page.getByRole('textbox', { name: 'Biography' });
  const original = await biography.inputValue();
  await biography.fill('a'.repeat(401));
  await expect(page.getByText('401/400 characters')).toBeVisible();
  await page.getByLabel('Birthday').fill('1988-09-21');
  await update.click();
  // One error at a time (issue 27): beside the field, not again in the form's banner.
  const tooLong = page.getByText('Biography must be at most 400 characters');
  await expect(tooLong.first()).toBeVisible();
  await expect(tooLong).toHaveCount(1);
  await biography.fill(original);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Choose (another|a) video/ }).click();
  await (await chooser).setFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: tinyVideo });
  await expect(page.getByText('Video uploaded. Press Update to make it your profile video.')).toBeVisible();
  await expect(page.getByLabel('Your introduction video')).toHaveAttribute('src', /\/uploads\/videos\//);
  await update.click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(update).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('Your introduction video')).toHaveAttribute('src', /\/uploads\/videos\//);
});

test('a mentor saves an M-PESA payout number and sees it masked and preferred', async ({ page }) => {
  await signIn(page, demo.mentor);
  await page.goto('/payment/preference');
  await expect(page.getByRole('heading', { name: 'Payment Preferences' })).toBeVisible();
  await page.getByRole('button', { name: /^M-PESA/ }).click();

  const save = page.getByRole('button', { name: 'Save', exact: true });
  const phone = page.getByRole('textbox', { name: 'M-PESA phone number' });
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in phone number' })).toBeVisible();
  await phone.fill('0712 34');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number' })).toBeVisible();

  const last4 = String(1000 + Math.floor(Math.random() * 9000));
  await phone.fill(`0722 00${last4}`);
  // With no other method preferred, this one is preferred anyway (ticked and fixed).
  const preferred = page.getByRole('checkbox', { name: 'Set as preferred' });
  if (await preferred.isEnabled()) await preferred.check();
  await expect(preferred).toBeChecked();
  await save.click();
  await expect(toast(page, 'Payment method updated successfully')).toBeVisible();

  const tile = page.getByRole('button', { name: /^M-PESA/ });
  await expect(tile).toContainText(`•••• ${last4}`);
  await expect(tile).toContainText('Preferred');
  await expect(tile).not.toContainText(`0722 00${last4}`);

  // Each method's section has a way back.
  await page.getByRole('button', { name: /^Bank/ }).click();
  await expect(page.getByRole('textbox', { name: 'Account number' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: /^PayPal/ })).toBeVisible();
});

test('an advisee shares their invite link and writes to support from the help page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demo.advisee);

  await page.goto('/invite');
  const link = page.getByRole('textbox', { name: 'Your invite link' });
  await expect(link).toHaveValue(/\/profile_picker\?ref=/);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expect(page.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', /^sms:\?&body=/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();

  await page.goto('/help');
  await expect(page.getByRole('button', { name: 'What is MyProsper?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demo.advisee);
  const before = await lastMessageId(page.request, 'support@myprosper.test');
  const question = `Can I change my session time? (${Date.now().toString(36)})`;
  await page.getByRole('textbox', { name: 'Name' }).fill('Faith Njoki');
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(toast(page, 'Your message has been sent. We will get back to you soon.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  const mail = await latestMessageTo(page.request, 'support@myprosper.test', { after: before });
  expect(mail.body).toContain(question);
  expect(mail.body).toContain(demo.advisee);
});
