import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'

// The emails of the ownership transfer (issue 29 Deliver 4; docs/teams.md "Transferring
// ownership"): the offer to the admin, its decline and its acceptance to the owner, its withdrawal
// (by the owner, or by a change of the admin's role) to the admin. Queued
// in the transaction of the change; their links open the workspace first (`?switch=`).

type Announced = { to: string; brand: string; workspaceName: string; workspacePageUrl: string }

function ownershipEmail(input: Announced, subject: string, title: string, lines: string[], button: string) {
  const text = [...lines, input.workspacePageUrl].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title,
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.workspacePageUrl, button)].join('\n'),
    footerHtml: escapeHtml(`You receive this because you are in the workspace ${input.workspaceName} on ${input.brand}.`),
  })
  return { to: input.to, subject, text, html }
}

export function ownershipOfferedEmail(input: Announced & { ownerName: string }) {
  return ownershipEmail(
    input,
    `${input.ownerName} offered you the ownership of ${input.workspaceName} on ${input.brand}`,
    `Ownership of ${input.workspaceName} offered to you`,
    [
      `${input.ownerName} offered you the ownership of the workspace ${input.workspaceName} on ${input.brand}.`,
      `As the owner you alone manage its plan and billing, can delete it and hand it on, and you cannot leave it before handing it on. ${input.ownerName} becomes an admin.`,
      'Nothing changes until you answer: accept or decline on the workspace page.',
    ],
    'Answer the offer',
  )
}

export function ownershipDeclinedEmail(input: Announced & { adminName: string }) {
  return ownershipEmail(
    input,
    `${input.adminName} declined the ownership of ${input.workspaceName}`,
    `Ownership of ${input.workspaceName} declined`,
    [
      `${input.adminName} declined the ownership of the workspace ${input.workspaceName} on ${input.brand}.`,
      'You are still its owner. You can offer it to another admin under Transfer ownership on the workspace page.',
    ],
    'Open the workspace page',
  )
}

export function ownershipCancelledEmail(input: Announced & { ownerName: string }) {
  return ownershipEmail(
    input,
    `${input.ownerName} withdrew the offer of ${input.workspaceName}`,
    `Ownership offer of ${input.workspaceName} withdrawn`,
    [
      `${input.ownerName} withdrew the offer of the ownership of the workspace ${input.workspaceName} on ${input.brand}.`,
      'Nothing changes for you: you stay an admin.',
    ],
    'Open the workspace page',
  )
}

export function ownershipWithdrawnByRoleEmail(input: Announced & { actorName: string; roleLabel: string }) {
  return ownershipEmail(
    input,
    `The offer of ${input.workspaceName} was withdrawn`,
    `Ownership offer of ${input.workspaceName} withdrawn`,
    [
      `${input.actorName} changed your role in the workspace ${input.workspaceName} on ${input.brand} to ${input.roleLabel}. Only an admin can be offered a workspace, so the offer of its ownership was withdrawn.`,
      'Its owner stays the owner.',
    ],
    'Open the workspace page',
  )
}

export function ownershipAcceptedEmail(input: Announced & { ownerName: string }) {
  return ownershipEmail(
    input,
    `${input.ownerName} is now the owner of ${input.workspaceName}`,
    `Ownership of ${input.workspaceName} handed on`,
    [
      `${input.ownerName} accepted the ownership of the workspace ${input.workspaceName} on ${input.brand}.`,
      'They are its owner now, with its plan and billing; you stay in the workspace as an admin, and you can leave it.',
    ],
    'Open the workspace page',
  )
}
