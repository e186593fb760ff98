import { bookEarliestSlot, demo, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test("a mentor reads the advisee's newest self assessment on the session page", async ({
  page,
  otherBrowser,
}) => {
  const advisee = await registerAdvisee(page.request, 'Otieno Assessed');
  const sessionId = await bookEarliestSlot(page.request, advisee);

  await signIn(page, demo.mentor);
  await page.goto(`/sessions/${sessionId}`);
  const card = page.getByRole('region', { name: 'Self assessment of Otieno Assessed' });
  await expect(card.getByText('No self assessment yet')).toBeVisible();

  for (const strugglingWith of ['Negotiating my salary', 'Leading my first team']) {
    const submitted = await page.request.post('/myprosper/api/selfAssessment', {
      headers: advisee.auth,
      data: {
        adviseeId: advisee.userId,
        strugglingWith,
        strugglingWithThisArea: 'I was promoted last month',
        howHaveYouAddresses: 'I read two books on it',
        additionalInformation: 'Eight people report to me.\nMost are older than me.',
      },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);
  }

  await page.reload();
  await expect(card.getByText('No self assessment yet')).toHaveCount(0);
  await expect(
    card.getByText(/^Given on \w{3} \d{1,2}\w{2}, \w{3} \d{4} at \d{2}:\d{2} \(Nairobi time\)$/),
  ).toBeVisible();
  const answer = (question: string) =>
    card.locator('dt', { hasText: question }).locator('xpath=following-sibling::dd[1]');
  await expect(answer('What are you struggling with?')).toHaveText('Leading my first team');
  await expect(answer('Why do you feel you are struggling in this area?')).toHaveText(
    'I was promoted last month',
  );
  await expect(answer('How have you addressed it?')).toHaveText('I read two books on it');
  await expect(answer('Additional information')).toHaveText(
    'Eight people report to me.\nMost are older than me.',
  );

  // The advisee's own view of the session shows no such card.
  const { context: own, page: ownPage } = await otherBrowser();
  await signIn(ownPage, advisee.email);
  await ownPage.goto(`/sessions/${sessionId}`);
  await expect(ownPage.getByRole('heading', { name: 'Mentor' })).toBeVisible();
  await expect(ownPage.getByRole('heading', { name: /^Self assessment of/ })).toHaveCount(0);
  await own.close();
});
