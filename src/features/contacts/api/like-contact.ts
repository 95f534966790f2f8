import { contactLikeResponse } from '@contract/api/numbers'
import { api } from '@/lib/api'

/** POST /api/v6/contacts/like: adds or removes the viewer's like or dislike of a name; answers the name's new counts. */
export async function likeContact(phone: string, nameHash: string, likeType: 'LIKE' | 'DISLIKE', action: 'ADD' | 'REMOVE') {
  return (await api.post('/api/v6/contacts/like', { phone, name_hash: nameHash, like_type: likeType, action_type: action }, contactLikeResponse)).data
}
