import { answerSchema, api } from '@/lib/api'
import { contactsParam, type ContactsOf } from '../contacts-of'

/**
 * POST /api/v6/contacts/like (phone) or /api/v6/contacts/like-by-profile (profile_id): adds
 * or removes the viewer's like or dislike of a name; answers the name's new counts.
 */
export async function likeContact(of: ContactsOf, nameHash: string, likeType: 'LIKE' | 'DISLIKE', action: 'ADD' | 'REMOVE') {
  const path = 'phone' in of ? '/api/v6/contacts/like' : '/api/v6/contacts/like-by-profile'
  return (
    await api.post(
      path,
      { ...contactsParam(of), name_hash: nameHash, like_type: likeType, action_type: action },
      answerSchema('numbers', 'contactLikeResponse'),
    )
  ).data
}
