import { expect, test } from '@playwright/test'
import { leaveDetails } from './booking-leads-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Booking leads in the leads list with JavaScript on (issue 33 Deliver 3): an attendee asks for a
// booking on the session page; the built-in "Booking leads" segment lists them and not the attendee
// who did not ask; their page shows the request; zero axe violations.

test('the Booking leads segment shows the attendee who asked, and their page the request', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('booking-speaker')
  const { code } = await createLeadSession(request, speaker, { plan: 'pro', feedback: true })
  const bea = uniqueEmail('bea')
  const noah = uniqueEmail('noah')
  await leaveDetails(browser, code, {
    firstName: 'Bea',
    email: bea,
    booking: { organisation: 'Acme Events', role: 'Programme lead', timing: 'Next spring' },
  })
  await leaveDetails(browser, code, { firstName: 'Noah', email: noah })

  await signIn(context, speaker)
  await page.goto('/app/leads')
  await expect(page.getByText('2 people', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Booking leads', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/leads\?booking=yes$/)
  await expect(page.getByRole('link', { name: 'Booking leads', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('1 person matches these filters')).toBeVisible()
  const beaRow = page.getByRole('row').filter({ hasText: bea })
  await expect(beaRow).toBeVisible()
  await expect(beaRow.getByText('Booking request: Acme Events')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: noah })).toHaveCount(0)
  await expect(page.getByLabel('Booking request')).toHaveValue('yes')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Bea' }).first().click()
  const requestCard = page.getByRole('region', { name: 'Booking request' })
  await expect(requestCard).toContainText('Acme Events')
  await expect(requestCard).toContainText('Programme lead')
  await expect(requestCard).toContainText('Next spring')
  await expectNoAxeViolations(page)
})
