import { expect, test } from '@playwright/test'
import { leaveDetails } from './booking-leads-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, uniqueEmail } from './utils'

// The Booking leads segment without JavaScript (issue 33 Deliver 3): the attendee page's booking
// question is a plain form, the segment a link, and the filter a choice of the GET form.

test('without JavaScript: a booking asked for on the page shows in the segment and through the filter', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('booking-nojs')
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
  await page.getByRole('link', { name: 'Booking leads', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/leads\?booking=yes$/)
  await expect(page.getByRole('row').filter({ hasText: bea })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: noah })).toHaveCount(0)

  await page.goto('/app/leads')
  await page.getByLabel('Booking request').selectOption('yes')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/app\/leads\?booking=yes$/)
  await expect(page.getByText('1 person matches these filters')).toBeVisible()
})
