/** The SWR key of the subscription: one per signed-in user. */
export const SUBSCRIPTION_KEY = 'subscription'
