import type { ContactName, ContactsUploadReport } from '@contract/api/numbers'

/** Names a fictional number is saved under, most saved first. */
export function contactNames(): ContactName[] {
  return [
    {
      firstName: 'Prize',
      lastName: 'Department',
      name_hash: 'a'.repeat(32),
      count: 4,
      reviewResult: 2,
      likes: 3,
      dislikes: 1,
      hasLike: false,
      hasDislike: false,
    },
    {
      firstName: 'Do not answer',
      lastName: null,
      name_hash: 'b'.repeat(32),
      count: 1,
      reviewResult: 0,
      likes: 0,
      dislikes: 0,
      hasLike: false,
      hasDislike: false,
    },
    {
      firstName: 'محمد',
      lastName: 'الاحتيال',
      name_hash: 'c'.repeat(32),
      count: 1,
      reviewResult: -1,
      likes: 0,
      dislikes: 1,
      hasLike: false,
      hasDislike: false,
    },
  ]
}

/** A vCard upload where some entries could not be used. */
export const UPLOAD_WITH_SKIPS: ContactsUploadReport = {
  format: 'vcard',
  read: 7,
  saved: 3,
  skipped: { invalid_phone: 2, no_name: 1, duplicate: 1 },
}
