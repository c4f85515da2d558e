// What the device that opened the emailed link sees (issue 20 item 3); the waiting tab's words are
// WAITING_TAB_TEXT in magic-link-text.ts. Kept apart so the sign-in pages do not ship these.

/** The device that opened the link (/auth/success), and the no-JS "continue" answer of the asking tab. */
export const OTHER_DEVICE_TEXT = {
  signedInHere: 'You are signed in on this device.',
  lead: 'The link signs in only the device that opens it, so the tab where you asked for it is not signed in. To sign in there too, type this code in it:',
  codeLabel: 'Code for the other device',
  validity: (minutes: number) =>
    `It works once, within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Type it only on a device you are signing in yourself; never give it to anyone who asks for it.`,
  codeClosed:
    'The code for the tab where you asked for the link has been used or has expired. If that tab is still waiting, request a new link there.',
  sameBrowser:
    'Return to the original tab to continue — it moves on by itself, or press “I’ve clicked the link — continue” there. You can close this tab, or carry on here.',
  checkOpenedElsewhere:
    'This browser is not signed in: the link was opened on another device. Type the code it shows in the code field.',
} as const
