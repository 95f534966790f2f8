/** The SWR key of the catalogue (`GET /api/v6/payment/products`): products are priced in the viewer's language. */
export const productsKey = (locale: string) => ['products', locale] as const
